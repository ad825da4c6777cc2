import { imageHotspotInput } from '@corner/domain';
import { Alert, Anchor, Badge, Button, Grid, Group, NumberInput, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconClick, IconMapPin, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { errorCause, validationMessages } from '../../../app/graphql/errors';
import { ImageFrame, type ImagePoint } from '../../../ui/image-frame';
import { Modal } from '../../../ui/modal';
import { CREATION_CHANGED } from '../../file/refresh';
import { ruleMessages } from '../../submission/validation';
import { CreateImageHotspotMutation, DeleteImageHotspotMutation, UpdateImageHotspotMutation } from '../graphql';
import { HotspotDot } from './hotspot-dot';
import type { StepHotspot, StepImage } from './image-types';

export interface HotspotEditorProps {
  /** The image whose hotspots are edited; null when closed. */
  image: StepImage | null;
  isReadOnly: boolean;
  /** Runs a change through the step's save status; the action answers null or why it failed. */
  run: (action: () => Promise<string | null>) => Promise<boolean>;
  onClose: () => void;
}

/** A hotspot being added (id null) or changed, as its form holds it. */
interface HotspotDraft {
  id: number | null;
  x: number;
  y: number;
  url: string;
  title: string;
}

type FieldErrors = Partial<Record<'url' | 'title' | 'x' | 'y', string>>;

/** Fractions shown as percent with one decimal, and back. */
const toPercent = (fraction: number) => Math.round(fraction * 1000) / 10;
const toFraction = (percent: number) => Math.min(1, Math.max(0, Math.round(percent * 10) / 1000));

/**
 * The hotspots of one image: "Add hotspot", then a click on the image places it, and a small form
 * takes its link and title. A dot (or its row) opens it for changes, to place it again or delete it.
 * The position can also be typed in percent, so the keyboard alone is enough.
 */
export function HotspotEditor({ image, isReadOnly, run, onClose }: HotspotEditorProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={image !== null}
      onClose={onClose}
      size="xxxl"
      centered
      title={image ? t('hotspots.title', { name: image.filename }) : ''}
      closeOnEscape={false}
    >
      {/* Keyed by the image: another image starts with a clean form. */}
      {image ? <HotspotEditorBody key={image.id} image={image} isReadOnly={isReadOnly} run={run} onClose={onClose} /> : null}
    </Modal>
  );
}

function HotspotEditorBody({ image, isReadOnly, run, onClose }: { image: StepImage } & Omit<HotspotEditorProps, 'image'>) {
  const { t } = useTranslation();
  const client = useClient();
  const [draft, setDraft] = useState<HotspotDraft | null>(null);
  const [isPlacing, setPlacing] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  // Escape first stops placing, then closes the form, then the dialog (its own Escape is off).
  useEffect(() => {
    function handleKey(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      if (isPlacing) setPlacing(false);
      else if (draft) setDraft(null);
      else onClose();
    }
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [isPlacing, draft, onClose]);

  /** A new hotspot starts in the middle: a click on the image moves it, or its position is typed. */
  function startAdding() {
    setDraft({ id: null, x: 0.5, y: 0.5, url: '', title: '' });
    setErrors({});
    setFailure(null);
    setPlacing(true);
  }

  function handlePick(point: ImagePoint) {
    if (!isPlacing) return;
    setPlacing(false);
    setDraft((current) => (current ? { ...current, x: point.x, y: point.y } : { id: null, url: '', title: '', ...point }));
  }

  function openHotspot(hotspot: StepHotspot) {
    if (isReadOnly) return;
    setPlacing(false);
    setErrors({});
    setFailure(null);
    setDraft({ id: hotspot.id, x: hotspot.x, y: hotspot.y, url: hotspot.url, title: hotspot.title ?? '' });
  }

  async function handleSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft) return;
    const input = { url: draft.url.trim(), title: draft.title.trim() === '' ? null : draft.title.trim(), x: draft.x, y: draft.y };
    const rules = ruleMessages(imageHotspotInput, input) as FieldErrors;
    setErrors(rules);
    setFailure(null);
    if (Object.keys(rules).length > 0) return;
    setBusy(true);
    const saved = await run(async () => {
      const result =
        draft.id === null
          ? await client.mutation(CreateImageHotspotMutation, { image_id: image.id, ...input }, CREATION_CHANGED).toPromise()
          : await client.mutation(UpdateImageHotspotMutation, { id: draft.id, ...input }, CREATION_CHANGED).toPromise();
      if (!result.error) return null;
      setErrors(validationMessages(result.error, '') as FieldErrors);
      const reason = errorCause(result.error);
      setFailure(reason);
      return reason;
    });
    setBusy(false);
    if (saved) setDraft(null);
  }

  async function handleDelete() {
    if (!draft || draft.id === null) return;
    const id = draft.id;
    setBusy(true);
    const deleted = await run(async () => {
      const result = await client.mutation(DeleteImageHotspotMutation, { id }, CREATION_CHANGED).toPromise();
      if (!result.error) return null;
      const reason = errorCause(result.error);
      setFailure(reason);
      return reason;
    });
    setBusy(false);
    if (deleted) setDraft(null);
  }

  const hotspots = image.hotspots;
  const numberOf = (id: number) => hotspots.findIndex((h) => h.id === id) + 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" maw={620}>
          {isReadOnly ? t('hotspots.readOnlyIntro') : t('hotspots.intro')}
        </Text>
        {isReadOnly ? null : (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={startAdding} disabled={isPlacing || isBusy}>
            {t('hotspots.add')}
          </Button>
        )}
      </Group>

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ImageFrame src={image.url} alt={image.filename} width={image.width} height={image.height} maxHeight="62vh" onPick={isPlacing ? handlePick : undefined}>
            {hotspots.map((hotspot, index) =>
              draft?.id === hotspot.id ? null : (
                <HotspotDot
                  key={hotspot.id}
                  x={hotspot.x}
                  y={hotspot.y}
                  label={index + 1}
                  tooltip={hotspot.title ?? hotspot.url}
                  ariaLabel={t('hotspots.dotLabel', { number: index + 1, name: hotspot.title ?? hotspot.url })}
                  onClick={isPlacing ? undefined : () => openHotspot(hotspot)}
                />
              ),
            )}
            {draft ? (
              <HotspotDot
                x={draft.x}
                y={draft.y}
                label={draft.id === null ? '+' : numberOf(draft.id)}
                tooltip={draft.title || draft.url || t('hotspots.newHotspot')}
                ariaLabel={draft.id === null ? t('hotspots.newHotspot') : t('hotspots.dotLabel', { number: numberOf(draft.id), name: draft.title || draft.url })}
                isSelected
                isPending={draft.id === null}
              />
            ) : null}
          </ImageFrame>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            {isPlacing ? (
              <Alert color="orange" variant="light" icon={<IconClick size={18} aria-hidden />} role="status">
                {t('hotspots.placing')}
              </Alert>
            ) : null}
            {draft && !isReadOnly ? (
              <Paper withBorder p="md" radius="md" component="form" onSubmit={(event: FormEvent<HTMLFormElement>) => void handleSave(event)} noValidate>
                <Stack gap="sm">
                  <Title order={3} fz="sm">
                    {draft.id === null ? t('hotspots.newHotspot') : t('hotspots.editHotspot', { number: numberOf(draft.id) })}
                  </Title>
                  <TextInput
                    label={t('hotspots.url')}
                    description={t('hotspots.urlHint')}
                    placeholder="https://"
                    required
                    data-autofocus
                    autoFocus
                    value={draft.url}
                    error={errors.url}
                    onChange={(event) => setDraft({ ...draft, url: event.currentTarget.value })}
                  />
                  <TextInput
                    label={t('hotspots.titleLabel')}
                    description={t('hotspots.titleHint')}
                    value={draft.title}
                    error={errors.title}
                    onChange={(event) => setDraft({ ...draft, title: event.currentTarget.value })}
                  />
                  <Group grow gap="sm" align="flex-start">
                    <NumberInput
                      label={t('hotspots.x')}
                      min={0}
                      max={100}
                      step={1}
                      decimalScale={1}
                      suffix="%"
                      clampBehavior="strict"
                      value={toPercent(draft.x)}
                      error={errors.x}
                      onChange={(value) => setDraft({ ...draft, x: toFraction(Number(value) || 0) })}
                    />
                    <NumberInput
                      label={t('hotspots.y')}
                      min={0}
                      max={100}
                      step={1}
                      decimalScale={1}
                      suffix="%"
                      clampBehavior="strict"
                      value={toPercent(draft.y)}
                      error={errors.y}
                      onChange={(value) => setDraft({ ...draft, y: toFraction(Number(value) || 0) })}
                    />
                  </Group>
                  {failure ? (
                    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                      {failure}
                    </Alert>
                  ) : null}
                  <Group justify="space-between" gap="xs">
                    <Group gap="xs">
                      <Button type="submit" loading={isBusy}>
                        {t('hotspots.save')}
                      </Button>
                      <Button variant="default" onClick={() => setDraft(null)} disabled={isBusy}>
                        {t('common.cancel')}
                      </Button>
                    </Group>
                    <Group gap="xs">
                      <Button variant="subtle" leftSection={<IconClick size={16} aria-hidden />} onClick={() => setPlacing(true)} disabled={isBusy || isPlacing}>
                        {t('hotspots.placeAgain')}
                      </Button>
                      {draft.id !== null ? (
                        <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void handleDelete()} disabled={isBusy}>
                          {t('hotspots.delete')}
                        </Button>
                      ) : null}
                    </Group>
                  </Group>
                </Stack>
              </Paper>
            ) : (
              <Paper withBorder p="md" radius="md" bg="var(--corner-surface-subtle)">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <IconMapPin size={20} color="var(--mantine-color-dimmed)" aria-hidden style={{ flexShrink: 0 }} />
                  <Text size="sm" c="dimmed">
                    {isReadOnly ? t('hotspots.readOnlyHint') : t('hotspots.hint')}
                  </Text>
                </Group>
              </Paper>
            )}
            <Stack gap="xs">
              <Group gap="xs">
                <Title order={3} fz="sm">
                  {t('hotspots.listTitle')}
                </Title>
                <Badge size="sm" variant="light" radius="sm">
                  {hotspots.length}
                </Badge>
              </Group>
              {hotspots.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('hotspots.none')}
                </Text>
              ) : (
                <Stack gap={4} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {hotspots.map((hotspot, index) => (
                    <li key={hotspot.id}>
                      <HotspotRow
                        number={index + 1}
                        hotspot={hotspot}
                        isSelected={draft?.id === hotspot.id}
                        isReadOnly={isReadOnly}
                        onOpen={() => openHotspot(hotspot)}
                      />
                    </li>
                  ))}
                </Stack>
              )}
            </Stack>

          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function HotspotRow({ number, hotspot, isSelected, isReadOnly, onOpen }: { number: number; hotspot: StepHotspot; isSelected: boolean; isReadOnly: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const content = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text
        size="xs"
        fw={700}
        c="white"
        bg="var(--mantine-primary-color-filled)"
        w={22}
        h={22}
        ta="center"
        lh="22px"
        style={{ borderRadius: '50%', flexShrink: 0 }}
        aria-hidden
      >
        {number}
      </Text>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate="end">
          {hotspot.title ?? t('hotspots.untitled')}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {hotspot.url}
        </Text>
      </div>
    </Group>
  );
  if (isReadOnly) {
    return (
      <Anchor href={hotspot.url} target="_blank" rel="noopener noreferrer" underline="never" c="inherit" display="block" p={6}>
        {content}
      </Anchor>
    );
  }
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-label={t('hotspots.edit', { number, name: hotspot.title ?? hotspot.url })}
      aria-pressed={isSelected}
      p={6}
      w="100%"
      style={{ borderRadius: 6, background: isSelected ? 'var(--mantine-primary-color-light)' : undefined }}
    >
      {content}
    </UnstyledButton>
  );
}
