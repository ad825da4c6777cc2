import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../app/shell/not-found-page';
import { PageFrame } from '../../../ui/page-frame';
import { ARCHIVE_LINK } from '../links';

/** /staff/archived/:itemId: edit one legacy item. */
export function ArchivedItemPage() {
  const { t } = useTranslation();
  const { itemId } = useParams();
  if (!itemId || !/^[1-9]\d*$/.test(itemId)) return <NotFoundPage />;
  return (
    <PageFrame
      title={t('archive.itemTitle', { id: itemId })}
      description={t('archive.itemIntro')}
      actions={
        <Button component={Link} to={ARCHIVE_LINK.to} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {t('archive.backToArchive')}
        </Button>
      }
    />
  );
}
