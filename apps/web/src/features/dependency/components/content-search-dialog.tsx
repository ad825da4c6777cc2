import { readOpenGraph } from '@corner/domain';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Image,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconLink, IconPhotoOff, IconSearch } from '@tabler/icons-react';
import type { ResultOf } from 'gql.tada';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { Modal } from '../../../ui/modal';
import { kindKey } from '../../submission/kinds';
import { GetPageSourceQuery, SearchSubmissionDependenciesQuery } from '../graphql';
import { canSearch, classifyPhrase } from '../phrase';
import { requiredItemKey, type RequiredItemChoice } from '../required-item';

type Found = ResultOf<typeof SearchSubmissionDependenciesQuery>['searchSubmissionDependencies'];

/** The dialog's states (SPEC section 4): idle, searching, results or empty, error, URL preview loading or failed. */
type SearchState =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'results'; found: Found }
  | { kind: 'failed'; message: string }
  | { kind: 'previewLoading'; url: string }
  | { kind: 'preview'; url: string; image: string | null }
  | { kind: 'previewFailed'; url: string };

/** A pasted address is previewed after typing stops for this long (SPEC section 9 debounce). */
const PREVIEW_DELAY_MS = 500;

export interface ContentSearchDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The chosen items; the dialog closes after. */
  onAdd: (items: RequiredItemChoice[]) => void;
  /** Items already chosen, shown as such in the results. */
  existing?: readonly Pick<RequiredItemChoice, 'type' | 'download'>[];
  /** The creation being edited: it cannot require itself. */
  selfId?: number | undefined;
  title?: string;
}

/**
 * The content search dialog (SPEC sections 2, 5 and 9): finds creations on the portal and items of
 * the older site by name, keywords, creator or id; a pasted web address shows a preview of the page
 * (og:title and og:image) to add as a link. Opens with an empty search field every time.
 */
export function ContentSearchDialog({ opened, onClose, onAdd, existing = [], selfId, title }: ContentSearchDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title ?? t('contentSearch.title')} size="ml">
      {opened ? <ContentSearch onAdd={onAdd} onClose={onClose} existing={existing} selfId={selfId} /> : null}
    </Modal>
  );
}

function ContentSearch({
  onAdd,
  onClose,
  existing,
  selfId,
}: Required<Pick<ContentSearchDialogProps, 'onAdd' | 'onClose' | 'existing'>> & { selfId: number | undefined }) {
  const hintId = useId();
  const { t } = useTranslation();
  const client = useClient();
  const [phrase, setPhrase] = useState('');
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  const [selected, setSelected] = useState<Map<string, RequiredItemChoice>>(new Map());
  const [previewTitle, setPreviewTitle] = useState('');
  const latest = useRef(0);
  const classified = classifyPhrase(phrase);
  const isBusy = state.kind === 'searching' || state.kind === 'previewLoading';
  const existingKeys = new Set(existing.map(requiredItemKey));

  async function preview(url: string) {
    const ticket = ++latest.current;
    setState({ kind: 'previewLoading', url });
    const result = await client.query(GetPageSourceQuery, { url }, { requestPolicy: 'network-only' }).toPromise();
    if (ticket !== latest.current) return;
    const html = result.data?.getPageSource;
    if (result.error || typeof html !== 'string') {
      setState({ kind: 'previewFailed', url });
      return;
    }
    const graph = readOpenGraph(html, url);
    setPreviewTitle(graph.title ?? new URL(url).hostname);
    setState({ kind: 'preview', url, image: graph.image });
  }

  async function search() {
    if (!canSearch(classified) || isBusy) return;
    if (classified.kind === 'url') {
      await preview(classified.url);
      return;
    }
    const ticket = ++latest.current;
    setState({ kind: 'searching' });
    const result = await client
      .query(SearchSubmissionDependenciesQuery, { phrase: phrase.trim() }, { requestPolicy: 'network-only' })
      .toPromise();
    if (ticket !== latest.current) return;
    if (result.error || !result.data) {
      setState({ kind: 'failed', message: result.error ? errorCause(result.error) : t('contentSearch.failed') });
      return;
    }
    setState({ kind: 'results', found: result.data.searchSubmissionDependencies });
  }

  // A pasted address switches the dialog to its preview without another key press.
  const previewUrl = classified.kind === 'url' ? classified.url : null;
  useEffect(() => {
    if (previewUrl === null) return;
    const timer = window.setTimeout(() => void preview(previewUrl), PREVIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
    // preview() only reads the client, which does not change while the dialog is open.
  }, [previewUrl]); // eslint-disable-line react-hooks/exhaustive-deps

  function handlePhraseChange(value: string) {
    setPhrase(value);
    // Leaving a web address leaves its preview too.
    const isPreviewState = state.kind === 'preview' || state.kind === 'previewLoading' || state.kind === 'previewFailed';
    if (isPreviewState && classifyPhrase(value).kind !== 'url') {
      latest.current += 1;
      setState({ kind: 'idle' });
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void search();
    }
  }

  function toggle(choice: RequiredItemChoice, isChecked: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      if (isChecked) next.set(requiredItemKey(choice), choice);
      else next.delete(requiredItemKey(choice));
      return next;
    });
  }

  const isPreview = state.kind === 'preview';
  const canAdd = isPreview || selected.size > 0;

  function handleAdd() {
    if (state.kind === 'preview') {
      onAdd([{ type: 'url', download: state.url, title: previewTitle.trim() || state.url }]);
    } else {
      onAdd([...selected.values()]);
    }
    onClose();
  }

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label={t('contentSearch.field')}
          aria-describedby={hintId}
          placeholder={t('contentSearch.placeholder')}
          value={phrase}
          onChange={(event) => handlePhraseChange(event.currentTarget.value)}
          onKeyDown={handleKeyDown}
          leftSection={classified.kind === 'url' ? <IconLink size={16} aria-hidden /> : <IconSearch size={16} aria-hidden />}
          style={{ flex: 1 }}
          data-autofocus
        />
        <Button onClick={() => void search()} disabled={!canSearch(classified) || isBusy} loading={isBusy}>
          {classified.kind === 'url' ? t('contentSearch.preview') : t('contentSearch.search')}
        </Button>
      </Group>
      <Text id={hintId} size="xs" c="dimmed" mt={-8}>
        {t('contentSearch.fieldHint')}
      </Text>
      <div aria-live="polite">
        <SearchBody
          state={state}
          selected={selected}
          existingKeys={existingKeys}
          selfId={selfId}
          onToggle={toggle}
          previewTitle={previewTitle}
          onPreviewTitleChange={setPreviewTitle}
        />
      </div>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {isPreview ? '' : t('contentSearch.selected', { count: selected.size })}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={handleAdd} disabled={!canAdd}>
            {isPreview ? t('contentSearch.addLink') : t('contentSearch.add')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

interface SearchBodyProps {
  state: SearchState;
  selected: Map<string, RequiredItemChoice>;
  existingKeys: Set<string>;
  selfId: number | undefined;
  onToggle: (choice: RequiredItemChoice, isChecked: boolean) => void;
  previewTitle: string;
  onPreviewTitleChange: (title: string) => void;
}

function SearchBody({ state, selected, existingKeys, selfId, onToggle, previewTitle, onPreviewTitleChange }: SearchBodyProps) {
  const { t } = useTranslation();
  // A picture the browser may not load (the Content-Security-Policy allows this site's images only)
  // gives way to the no-picture placeholder.
  const [failedImage, setFailedImage] = useState<string | null>(null);
  switch (state.kind) {
    case 'idle':
      return (
        <Text size="sm" c="dimmed">
          {t('contentSearch.idle')}
        </Text>
      );
    case 'searching':
      return (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{t('contentSearch.searching')}</Text>
        </Group>
      );
    case 'failed':
      return (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          {state.message}
        </Alert>
      );
    case 'previewLoading':
      return (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{t('contentSearch.previewLoading')}</Text>
        </Group>
      );
    case 'previewFailed':
      return (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          {t('contentSearch.previewFailed')}
        </Alert>
      );
    case 'preview':
      return (
        <Paper withBorder p="sm" radius="md">
          <Group align="flex-start" wrap="nowrap" gap="md">
            {state.image && state.image !== failedImage ? (
              <Image src={state.image} w={120} h={90} radius="sm" fit="cover" alt="" onError={() => setFailedImage(state.image)} />
            ) : (
              <Stack w={120} h={90} align="center" justify="center" bg="var(--corner-surface-muted)" style={{ borderRadius: 4 }}>
                <IconPhotoOff size={24} color="var(--mantine-color-dimmed)" aria-hidden />
              </Stack>
            )}
            <Stack gap={6} style={{ flex: 1 }} miw={0}>
              <TextInput
                label={t('contentSearch.linkTitle')}
                value={previewTitle}
                onChange={(event) => onPreviewTitleChange(event.currentTarget.value)}
                maxLength={200}
              />
              <Anchor href={state.url} target="_blank" rel="noreferrer noopener" size="sm" truncate="end">
                {state.url}
              </Anchor>
            </Stack>
          </Group>
        </Paper>
      );
    case 'results': {
      const { submissions, legacy_items } = state.found;
      if (submissions.length === 0 && legacy_items.length === 0) {
        return (
          <Text fw={500} ta="center" py="md">
            {t('contentSearch.nothingFound')}
          </Text>
        );
      }
      return (
        <ScrollArea.Autosize mah={340} type="auto" offsetScrollbars>
          <Stack gap="md">
            {submissions.length > 0 ? (
              <Stack gap="xs" component="section" aria-labelledby="content-search-portal">
                <Title order={3} fz="sm" id="content-search-portal">
                  {t('contentSearch.portalGroup')}
                </Title>
                {submissions.map((s) => {
                  const choice: RequiredItemChoice = { type: 'id', download: String(s.id), title: s.name };
                  const key = requiredItemKey(choice);
                  const isSelf = s.id === selfId;
                  const isExisting = existingKeys.has(key);
                  const meta = t('contentSearch.portalMeta', { id: s.id, kind: t(`kinds.${kindKey(s.model_type)}.name`), creator: s.creator.UserName });
                  const note = isSelf ? t('contentSearch.thisCreation') : isExisting ? t('contentSearch.alreadyAdded') : meta;
                  return (
                    <Checkbox
                      key={key}
                      label={s.name}
                      description={note}
                      checked={isExisting || selected.has(key)}
                      disabled={isExisting || isSelf}
                      onChange={(event) => onToggle(choice, event.currentTarget.checked)}
                    />
                  );
                })}
              </Stack>
            ) : null}
            {legacy_items.length > 0 ? (
              <Stack gap="xs" component="section" aria-labelledby="content-search-legacy">
                <Title order={3} fz="sm" id="content-search-legacy">
                  {t('contentSearch.legacyGroup')}
                </Title>
                {legacy_items.map((item) => {
                  const choice: RequiredItemChoice = { type: 'old_item_id', download: String(item.ID), title: item.title };
                  const key = requiredItemKey(choice);
                  const isExisting = existingKeys.has(key);
                  return (
                    <Checkbox
                      key={key}
                      label={item.title}
                      description={isExisting ? t('contentSearch.alreadyAdded') : t('contentSearch.legacyMeta', { id: item.ID, creator: item.creator ?? t('archive.unknownCreator', { id: item.creatorId }) })}
                      checked={isExisting || selected.has(key)}
                      disabled={isExisting}
                      onChange={(event) => onToggle(choice, event.currentTarget.checked)}
                    />
                  );
                })}
              </Stack>
            ) : null}
          </Stack>
        </ScrollArea.Autosize>
      );
    }
  }
}
