import { formatBytes, type ModelType } from '@corner/domain';
import { Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { useActionStatus } from '../../../ui/auto-save/use-action-status';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { QueryState } from '../../../ui/query-state';
import { EmptyState } from '../../../ui/empty-state';
import { Lightbox, type LightboxItem } from '../../../ui/lightbox';
import { SortableGrid } from '../../../ui/sortable/sortable-grid';
import { moveItem } from '../../../ui/sortable/move';
import { DropZone } from '../../../ui/upload/drop-zone';
import { UploadList } from '../../../ui/upload/upload-list';
import { CREATION_CHANGED, refreshEditedCreation } from '../../file/refresh';
import { IMAGE_ACCEPT, useUploadLimits } from '../../file/upload-rules';
import { useSubmissionUploads } from '../../file/hooks/use-submission-uploads';
import { StepHeader, StepMissing } from '../../submission/components/step-frame';
import { CreateSubmissionImageMutation, DeleteSubmissionImageMutation, ImagesStepQuery, SetImageOrderMutation } from '../graphql';
import { applyOrder, moveId } from '../image-order';
import { HotspotDot } from './hotspot-dot';
import { HotspotEditor } from './hotspot-editor';
import { ImageCard } from './image-card';
import type { StepImage } from './image-types';

export interface ImagesStepProps {
  /** The creation (submission) id. */
  submissionId: number;
  type: ModelType;
}

/**
 * Images are sent one after another: the server appends each as it arrives, so this keeps them in
 * the order they were chosen (the first becomes the main image of a new creation).
 */
const UPLOAD_CONCURRENCY = 1;

/**
 * Step 3 of editing a creation: its images. Upload (drop or choose, with progress), put them in
 * order by dragging or with the move buttons (the first is the main image), hotspots, the lightbox
 * and delete.
 */
export function ImagesStep({ submissionId }: ImagesStepProps) {
  const { t } = useTranslation();
  const client = useClient();
  const limits = useUploadLimits();
  const [{ data, error, fetching }, reexecute] = useQuery({ query: ImagesStepQuery, variables: { id: submissionId } });
  const action = useActionStatus();
  /** The order just chosen, shown until the server's list agrees (or put back when it refused). */
  const [chosenOrder, setChosenOrder] = useState<number[] | null>(null);
  const orderTicket = useRef(0);
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);
  const [hotspotImageId, setHotspotImageId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<StepImage | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());

  const refresh = useCallback(() => {
    reexecute({ requestPolicy: 'network-only' });
    refreshEditedCreation(client, submissionId);
  }, [client, reexecute, submissionId]);

  const uploads = useSubmissionUploads({
    submissionId,
    kind: 'image',
    mutation: CreateSubmissionImageMutation,
    limits,
    concurrency: UPLOAD_CONCURRENCY,
    onUploaded: refresh,
  });

  const creation = data?.submissionProperties;
  const serverImages = useMemo(() => creation?.images ?? [], [creation]);
  const images = useMemo(() => {
    const byId = new Map(serverImages.map((image) => [image.id, image]));
    return applyOrder(
      serverImages.map((image) => image.id),
      chosenOrder,
    ).map((id) => byId.get(id)!);
  }, [serverImages, chosenOrder]);

  if (!creation) {
    return (
      <QueryState
        isLoading={fetching || !error}
        loadingText={t('imagesStep.loading')}
        failedTitle={t('imagesStep.loadFailed')}
        failure={error ? errorCause(error) : null}
      />
    );
  }

  const isReadOnly = !creation.abilities.canEdit;
  const missing = isReadOnly ? [] : creation.missing_items.filter((m) => m.step === 3);
  const count = images.length;

  async function saveOrder(ids: number[], moved: StepImage) {
    const ticket = ++orderTicket.current;
    setChosenOrder(ids);
    setAnnouncement(t('imagesStep.moved', { name: moved.filename, position: ids.indexOf(moved.id) + 1, count: ids.length }));
    await action.run(async () => {
      const result = await client.mutation(SetImageOrderMutation, { submission_id: submissionId, image_ids: ids }, CREATION_CHANGED).toPromise();
      if (!result.error) return null;
      // Put the server's order back, unless a newer move has been made since.
      if (ticket === orderTicket.current) setChosenOrder(null);
      return errorCause(result.error);
    });
  }

  function handleMove(image: StepImage, delta: -1 | 1) {
    const ids = moveId(
      images.map((i) => i.id),
      image.id,
      delta,
    );
    void saveOrder(ids, image);
    // The card moved: keep the focus on the button pressed, or on its twin at either end.
    requestAnimationFrame(() => {
      const position = ids.indexOf(image.id);
      const wanted = delta < 0 && position === 0 ? 'later' : delta > 0 && position === ids.length - 1 ? 'earlier' : delta < 0 ? 'earlier' : 'later';
      moveButtons.current.get(`${image.id}:${wanted}`)?.focus();
    });
  }

  function handleDrop(from: number, to: number) {
    const moved = images[from];
    if (!moved) return;
    void saveOrder(
      moveItem(
        images.map((i) => i.id),
        from,
        to,
      ),
      moved,
    );
  }

  async function handleDelete() {
    if (!deleting) return;
    const image = deleting;
    setIsDeleting(true);
    setDeleteError(null);
    let problem: string | null = null;
    await action.run(async () => {
      const result = await client.mutation(DeleteSubmissionImageMutation, { id: image.id }, CREATION_CHANGED).toPromise();
      problem = result.error ? errorCause(result.error) : null;
      return problem;
    });
    setIsDeleting(false);
    if (problem) {
      setDeleteError(problem);
      return;
    }
    setDeleting(null);
  }

  const lightboxItems: LightboxItem[] = images.map((image, index) => ({
    key: image.id,
    src: image.url,
    alt: image.filename,
    width: image.width,
    height: image.height,
    caption: [
      index === 0 ? t('imagesStep.main') : t('imagesStep.place', { position: index + 1 }),
      image.filename,
      image.width && image.height ? t('imagesStep.dimensions', { width: image.width, height: image.height }) : null,
      formatBytes(image.filesize),
    ]
      .filter(Boolean)
      .join(' · '),
    overlay: image.hotspots.map((hotspot, n) => (
      <HotspotDot
        key={hotspot.id}
        x={hotspot.x}
        y={hotspot.y}
        label={n + 1}
        tooltip={hotspot.title ? `${hotspot.title} · ${hotspot.url}` : hotspot.url}
        ariaLabel={t('hotspots.dotLink', { number: n + 1, name: hotspot.title ?? hotspot.url })}
        href={hotspot.url}
      />
    )),
  }));
  const hotspotImage = images.find((image) => image.id === hotspotImageId) ?? null;

  return (
    <Stack gap="lg">
      <StepHeader
        title={t('editStep.steps.3.label')}
        text={t('imagesStep.note', { max: formatBytes(limits.maxImageBytes) })}
        status={action.status}
        failure={action.failure}
      />
      <StepMissing items={missing} />

      {isReadOnly ? null : (
        <DropZone
          inputLabel={t('imagesStep.inputLabel')}
          buttonLabel={t('imagesStep.choose')}
          title={t('imagesStep.dropTitle')}
          hint={t('imagesStep.dropHint', { max: formatBytes(limits.maxImageBytes) })}
          accept={IMAGE_ACCEPT}
          icon={IconPhoto}
          onFiles={uploads.add}
        />
      )}
      <UploadList label={t('imagesStep.uploadsLabel')} entries={uploads.entries} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />

      {count === 0 ? (
        <EmptyState icon={IconPhoto} title={t('imagesStep.emptyTitle')}>
          {isReadOnly ? t('imagesStep.emptyReadOnly') : t('imagesStep.emptyText')}
        </EmptyState>
      ) : (
        <Stack gap="xs">
          {isReadOnly || count < 2 ? null : (
            <Text size="sm" c="dimmed">
              {t('imagesStep.orderHint')}
            </Text>
          )}
          <SortableGrid
            items={images}
            getKey={(image) => image.id}
            label={t('imagesStep.listLabel')}
            isDisabled={isReadOnly}
            cols={{ base: 1, xs: 2, md: 3 }}
            onMove={handleDrop}
            renderItem={(image, index, dragState) => (
              <ImageCard
                image={image}
                index={index}
                count={count}
                isReadOnly={isReadOnly}
                dragState={dragState}
                earlierRef={(node) => {
                  if (node) moveButtons.current.set(`${image.id}:earlier`, node);
                  else moveButtons.current.delete(`${image.id}:earlier`);
                }}
                laterRef={(node) => {
                  if (node) moveButtons.current.set(`${image.id}:later`, node);
                  else moveButtons.current.delete(`${image.id}:later`);
                }}
                onOpen={() => setLightboxIndex(index)}
                onMove={(delta) => handleMove(image, delta)}
                onEditHotspots={() => setHotspotImageId(image.id)}
                onDelete={() => {
                  setDeleteError(null);
                  setDeleting(image);
                }}
              />
            )}
          />
        </Stack>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>

      <Lightbox
        index={lightboxIndex !== null && lightboxIndex < count ? lightboxIndex : null}
        items={lightboxItems}
        title={t('imagesStep.lightboxTitle', { name: creation.name })}
        onIndexChange={setLightboxIndex}
        onClose={() => setLightboxIndex(null)}
      />
      <HotspotEditor image={hotspotImage} isReadOnly={isReadOnly} run={action.run} onClose={() => setHotspotImageId(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('imagesStep.deleteTitle')}
        message={deleting ? t(images[0]?.id === deleting.id && count > 1 ? 'imagesStep.deleteMainText' : 'imagesStep.deleteText', { name: deleting.filename }) : ''}
        confirmLabel={t('imagesStep.delete')}
        isDanger
        isBusy={isDeleting}
        error={deleteError}
        onConfirm={() => void handleDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
