import { Button, Group, Paper, TextInput } from '@mantine/core';
import { IconFiles, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/empty-state';
import { PageFrame } from '../../../ui/page-frame';
import { FILE_MANAGEMENT_LINK } from '../links';
import { fileManagementUrl, readFileManagementParams } from '../urls';

/** /staff/file-management?search=: find a creation's files. The search lives in the URL. */
export function FileManagementPage() {
  const [searchParams] = useSearchParams();
  const { search } = readFileManagementParams(searchParams);
  // Keyed by the URL's search so that following a link with another ?search= refills the field.
  return <FileManagement key={search} search={search} />;
}

function FileManagement({ search }: { search: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(search);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void navigate(fileManagementUrl({ search: draft }));
  }

  return (
    <PageFrame title={t(`nav.${FILE_MANAGEMENT_LINK.label}`)} description={t('fileManagement.intro')}>
      <Paper withBorder p="md">
        <form role="search" onSubmit={handleSubmit}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('fileManagement.searchLabel')}
              placeholder={t('fileManagement.searchPlaceholder')}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden />}
              style={{ flex: 1, minWidth: 220 }}
            />
            <Button type="submit">{t('fileManagement.searchButton')}</Button>
          </Group>
        </form>
      </Paper>
      <EmptyState icon={IconFiles} title={t('fileManagement.emptyNoSearch')} />
    </PageFrame>
  );
}
