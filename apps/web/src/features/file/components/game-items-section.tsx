import { gameItemInput } from '@corner/domain';
import { ActionIcon, Alert, Anchor, Autocomplete, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ResultOf } from 'gql.tada';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { Modal } from '../../../ui/modal';
import { ruleMessages } from '../../submission/validation';
import { ExpansionPacksQuery, type GameItemFragment } from '../graphql';
import { Tooltip } from '../../../ui/tooltip';

export type StepGameItem = ResultOf<typeof GameItemFragment>;

/** A game item as its form holds it (blank optional fields are sent as null). */
export interface GameItemValues {
  name: string;
  type: string | null;
  download_url: string | null;
  expansion_pack: string | null;
}

/** What a save answers: null when it worked, else a message and the messages of fields. */
export type GameItemSaveProblem = { message: string; fields: Record<string, string> } | null;

export interface GameItemsSectionProps {
  items: readonly StepGameItem[];
  isReadOnly: boolean;
  /** The creation's game, to suggest its packs first. */
  game: number;
  onSave: (id: number | null, values: GameItemValues) => Promise<GameItemSaveProblem>;
  onDelete: (item: StepGameItem) => Promise<string | null>;
}

/** The game items a lot or household uses: name, type, where to get it, which pack it is from. */
export function GameItemsSection({ items, isReadOnly, game, onSave, onDelete }: GameItemsSectionProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<StepGameItem | 'new' | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  async function handleDelete(item: StepGameItem) {
    setDeleteError(null);
    const problem = await onDelete(item);
    if (problem) setDeleteError(problem);
  }

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('filesStep.gameItems.intro')}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" fs="italic">
          {t('filesStep.gameItems.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={6} aria-label={t('filesStep.gameItems.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('filesStep.gameItems.name')}</Table.Th>
                <Table.Th>{t('filesStep.gameItems.type')}</Table.Th>
                <Table.Th>{t('filesStep.gameItems.pack')}</Table.Th>
                <Table.Th>{t('filesStep.gameItems.download')}</Table.Th>
                {isReadOnly ? null : <Table.Th w={80} aria-label={t('filesStep.columns.actions')} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {item.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.type ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.expansion_pack ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td style={{ maxWidth: 240 }}>
                    {item.download_url ? (
                      <Anchor href={item.download_url} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
                        {item.download_url}
                      </Anchor>
                    ) : (
                      <Text size="sm">—</Text>
                    )}
                  </Table.Td>
                  {isReadOnly ? null : (
                    <Table.Td>
                      <Group gap={2} wrap="nowrap" justify="flex-end">
                        <Tooltip label={t('filesStep.gameItems.edit')} withArrow openDelay={300}>
                          <ActionIcon variant="subtle" color="gray" aria-label={t('filesStep.gameItems.editOf', { name: item.name })} onClick={() => setEditing(item)}>
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('filesStep.gameItems.delete')} withArrow openDelay={300}>
                          <ActionIcon variant="subtle" color="red" aria-label={t('filesStep.gameItems.deleteOf', { name: item.name })} onClick={() => void handleDelete(item)}>
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {deleteError ? (
        <Text size="sm" c="red" role="alert">
          {deleteError}
        </Text>
      ) : null}
      {isReadOnly ? null : (
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('filesStep.gameItems.add')}
          </Button>
        </Group>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('filesStep.gameItems.addTitle') : t('filesStep.gameItems.editTitle')}
        size="l"
        centered
      >
        {editing !== null ? (
          <GameItemForm
            key={editing === 'new' ? 'new' : editing.id}
            item={editing === 'new' ? null : editing}
            game={game}
            onSave={async (values) => {
              const problem = await onSave(editing === 'new' ? null : editing.id, values);
              if (!problem) setEditing(null);
              return problem;
            }}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

function GameItemForm({
  item,
  game,
  onSave,
  onCancel,
}: {
  item: StepGameItem | null;
  game: number;
  onSave: (values: GameItemValues) => Promise<GameItemSaveProblem>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [{ data: packs }] = useQuery({ query: ExpansionPacksQuery });
  const [name, setName] = useState(item?.name ?? '');
  const [type, setType] = useState(item?.type ?? '');
  const [downloadUrl, setDownloadUrl] = useState(item?.download_url ?? '');
  const [pack, setPack] = useState(item?.expansion_pack ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  // The creation's own game's packs, without repeats.
  const packNames = useMemo(() => {
    const list = packs?.expansionPacks ?? [];
    const own = list.filter((p) => p.game === game);
    return [...new Set((own.length > 0 ? own : list).map((p) => p.name))];
  }, [packs, game]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values: GameItemValues = { name: name.trim(), type: blankToNull(type), download_url: blankToNull(downloadUrl), expansion_pack: blankToNull(pack) };
    const rules = ruleMessages(gameItemInput, values) as Record<string, string>;
    setErrors(rules);
    setFailure(null);
    if (Object.keys(rules).length > 0) return;
    setSaving(true);
    const problem = await onSave(values);
    setSaving(false);
    if (problem) {
      setErrors(problem.fields);
      setFailure(problem.message);
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="sm">
        <TextInput label={t('filesStep.gameItems.name')} required data-autofocus value={name} error={errors.name} onChange={(e) => setName(e.currentTarget.value)} />
        <TextInput
          label={t('filesStep.gameItems.type')}
          description={t('filesStep.gameItems.typeHint')}
          value={type}
          error={errors.type}
          onChange={(e) => setType(e.currentTarget.value)}
        />
        <Autocomplete
          label={t('filesStep.gameItems.pack')}
          description={t('filesStep.gameItems.packHint')}
          data={packNames}
          limit={30}
          value={pack}
          error={errors.expansion_pack}
          onChange={setPack}
        />
        <TextInput
          label={t('filesStep.gameItems.download')}
          placeholder="https://"
          value={downloadUrl}
          error={errors.download_url}
          onChange={(e) => setDownloadUrl(e.currentTarget.value)}
        />
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={isSaving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isSaving}>
            {item ? t('filesStep.gameItems.save') : t('filesStep.gameItems.addButton')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
