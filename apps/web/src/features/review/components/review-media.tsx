import { formatBytes } from '@corner/domain';
import { ActionIcon, AspectRatio, Anchor, Badge, Paper, SimpleGrid, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../../ui/date-text';
import { Lightbox } from '../../../ui/lightbox';
import { SafeImage } from '../../../ui/safe-image';
import { DownloadZipButton } from '../../file/components/download-zip-button';
import { FileContents, hasReadableFiles } from '../../file/components/file-contents';
import { KindBadge } from '../../file/components/kind-badge';
import { ReviewSection, type ReviewSubmission } from './review-details';
import { Tooltip } from '../../../ui/tooltip';

/** The pictures in their order; a click opens the lightbox. */
export function ImagesSection({ submission }: { submission: ReviewSubmission }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const images = submission.images;
  return (
    <ReviewSection id="images" title={t('review.page.images', { count: images.length })}>
      {images.length === 0 ? (
        <Text size="sm" c="red">
          {t('review.page.noImages')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {images.map((image, index) => (
            <UnstyledButton key={image.id} onClick={() => setOpen(index)} aria-label={t('review.page.openImage', { name: image.filename })}>
              <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
                <AspectRatio ratio={4 / 3}>
                  <SafeImage src={image.url} alt={image.filename} compact style={{ width: '100%', height: '100%' }} />
                </AspectRatio>
              </Paper>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
      <Lightbox
        index={open}
        items={images.map((image) => ({ key: image.id, src: image.url, alt: image.filename, caption: image.filename, width: image.width, height: image.height }))}
        onIndexChange={setOpen}
        onClose={() => setOpen(null)}
        title={t('review.page.imagesOf', { name: submission.name })}
      />
    </ReviewSection>
  );
}

/** The files with kind, size, version (and which one visitors get), and downloads. */
export function FilesSection({ submission }: { submission: ReviewSubmission }) {
  const { t } = useTranslation();
  const files = submission.files;
  return (
    <ReviewSection
      id="files"
      title={t('review.page.files', { count: files.length })}
      actions={files.length ? <DownloadZipButton submissionId={submission.id} /> : undefined}
    >
      {files.length === 0 ? (
        <Text size="sm" c="red">
          {t('review.page.noFiles')}
        </Text>
      ) : (
        <Table.ScrollContainer
          // Tray files have long names (0x00000002!0x0123456789abcdef.trayitem): the size, version and
          // date go under the name, which keeps the card's width, and only a phone-narrow card scrolls.
          minWidth={340}
        >
          <Table verticalSpacing="xs" aria-label={t('review.page.filesTable')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fileTable.columns.name')}</Table.Th>
                <Table.Th w={150}>{t('fileTable.columns.kind')}</Table.Th>
                <Table.Th w={44}>
                  <VisuallyHidden>{t('review.page.download')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {files.map((file) => (
                <Table.Tr key={file.id}>
                  <Table.Td>
                    <Anchor href={file.url} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {file.filename}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {formatBytes(file.filesize)} · {t('review.page.fileVersion', { version: file.version })} · <DateText value={file.created_at} />
                    </Text>
                    {file.published_version !== null && file.published_version !== file.version ? (
                      <Badge mt={4} size="xs" variant="outline" color="orange" tt="none">
                        {t('review.page.visitorsGet', { version: file.published_version })}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <KindBadge kind={file.kind} />
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={t('review.page.download')}>
                      <ActionIcon component="a" href={file.url} variant="subtle" aria-label={t('review.page.downloadFile', { name: file.filename })}>
                        <IconDownload size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {hasReadableFiles(files) ? (
        <Stack gap="xs" mt="md" component="section" aria-label={t('fileContents.reviewTitle')}>
          <Text fw={600} size="sm">
            {t('fileContents.reviewTitle')} · {t('fileContents.declared', { kind: t(`kinds.${submission.model_type}.name`, { defaultValue: submission.model_type }) })}
          </Text>
          <FileContents files={files} required={{ items: submission.required_items }} />
        </Stack>
      ) : null}
    </ReviewSection>
  );
}
