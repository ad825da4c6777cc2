import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../ui/page-frame';
import { FILE_MANAGEMENT_LINK } from '../links';
import { FileBrowser } from './file-browser';

/**
 * /staff/file-management?search=&page=&file=&basket=: find files by name, owner, creation or hash,
 * see and change their versions, and bundle chosen files into a staff basket.
 */
export function FileManagementPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(`nav.${FILE_MANAGEMENT_LINK.label}`)} description={t('fileManagement.intro')}>
      <FileBrowser isDeleted={false} copy="live" icon={FILE_MANAGEMENT_LINK.icon} />
    </PageFrame>
  );
}
