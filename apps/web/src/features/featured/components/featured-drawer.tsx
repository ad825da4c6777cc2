import { Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { QueryState } from '../../../ui/query-state';
import { FeaturedListQuery } from '../graphql';
import type { OpenFeaturedList } from '../urls';
import { FEATURED_CONTEXT } from './featured-context';
import { FeaturedEditor } from './featured-editor';

export interface FeaturedDrawerProps {
  /** The list shown: an id, "new" for a list being made, or null (closed). */
  open: OpenFeaturedList;
  /** The types already used, suggested in the type field. */
  types: readonly string[];
  canEdit: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
  onDeleted: () => void;
}

/** A featured list in a drawer beside the lists: a new one, or a saved one to change or read. */
export function FeaturedDrawer({ open, types, canEdit, onClose, onCreated, onDeleted }: FeaturedDrawerProps) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 48em)');
  const isNew = open === 'new' && canEdit;
  return (
    <Drawer
      opened={isNew || typeof open === 'number'}
      onClose={onClose}
      position="right"
      size={isNarrow ? '100%' : 'xl'}
      // The drawer's title is its h2 already.
      title={isNew ? t('featured.drawer.newTitle') : t('featured.drawer.title')}
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('featured.drawer.close') }}
    >
      {isNew ? <FeaturedEditor key="new" list={null} types={types} canEdit onCreated={onCreated} onDeleted={onDeleted} /> : null}
      {typeof open === 'number' ? <SavedList key={open} id={open} types={types} canEdit={canEdit} onCreated={onCreated} onDeleted={onDeleted} /> : null}
    </Drawer>
  );
}

interface SavedListProps {
  id: number;
  types: readonly string[];
  canEdit: boolean;
  onCreated: (id: number) => void;
  onDeleted: () => void;
}

function SavedList({ id, types, canEdit, onCreated, onDeleted }: SavedListProps) {
  const { t } = useTranslation();
  const [{ data, error, fetching }] = useQuery({ query: FeaturedListQuery, variables: { id }, context: FEATURED_CONTEXT });
  const list = data?.featuredSubmissions;
  if (!list) {
    return (
      <QueryState
        isLoading={fetching || !error}
        loadingText={t('featured.drawer.loading')}
        failedTitle={t('featured.drawer.loadFailed')}
        failure={error ? errorCause(error) : null}
      />
    );
  }
  // The form starts from the list once; later answers for it (after a save) do not reset what is typed.
  return <FeaturedEditor list={list} types={types} canEdit={canEdit} onCreated={onCreated} onDeleted={onDeleted} />;
}
