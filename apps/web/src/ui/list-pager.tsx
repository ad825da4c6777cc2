import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The parts of a Lighthouse paginator info the pager reads. */
export interface PagerInfo {
  currentPage: number;
  lastPage: number;
  firstItem: number | null;
  lastItem: number | null;
  total: number;
}

export interface ListPagerProps {
  info: PagerInfo;
  onPageChange: (page: number) => void;
  /** Names the page navigation for screen readers, e.g. "Pages of Published". */
  label: string;
}

/** "21–40 of 57" and the page buttons under a paged list. */
export function ListPager({ info, onPageChange, label }: ListPagerProps) {
  const { t } = useTranslation();
  const range =
    info.firstItem !== null && info.lastItem !== null
      ? t('pager.range', { first: info.firstItem, last: info.lastItem, total: info.total })
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
          withEdges
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
