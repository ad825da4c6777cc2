import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The parts of a Lighthouse paginator info the pager reads. */
export interface PagerInfo {
  currentPage: number;
  lastPage: number;
  firstItem: number | null;
  lastItem: number | null;
  total: number;
  /** False: the list was counted only up to `total` (a search matching very many), so it holds more. */
  totalIsExact?: boolean;
}

export interface ListPagerProps {
  info: PagerInfo;
  onPageChange: (page: number) => void;
  /** Names the page navigation for screen readers, e.g. "Pages of Published". */
  label: string;
}

/**
 * "21–40 of 57" and the page buttons under a paged list. A list counted only up to a bound says
 * "of more than 10,000" and has no "last page" button: its last page is not known.
 */
export function ListPager({ info, onPageChange, label }: ListPagerProps) {
  const { t } = useTranslation();
  const exact = info.totalIsExact !== false;
  const range =
    info.firstItem !== null && info.lastItem !== null
      ? exact
        ? t('pager.range', { first: info.firstItem, last: info.lastItem, total: info.total })
        : t('pager.rangeMoreThan', { first: info.firstItem, last: info.lastItem, total: info.total - 1 })
      : t('pager.none');
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {range}
      </Text>
      {info.lastPage > 1 ? (
        <nav aria-label={label}>
        <Pagination
          total={info.lastPage}
          value={info.currentPage}
          onChange={onPageChange}
          size="sm"
          withEdges={exact}
          getControlProps={(control) => ({
            'aria-label':
              control === 'first'
                ? t('pager.first')
                : control === 'last'
                  ? t('pager.last')
                  : control === 'next'
                    ? t('pager.next')
                    : t('pager.previous'),
          })}
          getItemProps={(page) => ({ 'aria-label': t('pager.page', { page }) })}
        />
        </nav>
      ) : null}
    </Group>
  );
}
