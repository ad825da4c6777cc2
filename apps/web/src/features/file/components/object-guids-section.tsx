import { normaliseObjectGuid, OBJECT_GUID_MESSAGE } from '@corner/domain';
import { ActionIcon, Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ResultOf } from 'gql.tada';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ObjectGuidFragment } from '../graphql';
import { Tooltip } from '../../../ui/tooltip';

export type StepObjectGuid = ResultOf<typeof ObjectGuidFragment>;

export interface ObjectGuidsSectionProps {
  guids: readonly StepObjectGuid[];
  isReadOnly: boolean;
  /** Adds a GUID (already normalised); answers null when it worked, else the message. */
  onAdd: (guid: string) => Promise<string | null>;
  onDelete: (guid: StepObjectGuid) => Promise<string | null>;
}

/** The object GUIDs of a creation: read from its packages or added by hand (16 hex digits). */
export function ObjectGuidsSection({ guids, isReadOnly, onAdd, onDelete }: ObjectGuidsSectionProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isAdding, setAdding] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  async function handleAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const guid = normaliseObjectGuid(value);
    if (!guid) {
      setError(OBJECT_GUID_MESSAGE);
      return;
    }
    if (guids.some((g) => g.object_guid === guid)) {
      setError(t('filesStep.guids.duplicate', { guid: `0x${guid}` }));
      return;
    }
    setAdding(true);
    const problem = await onAdd(guid);
    setAdding(false);
    if (problem) {
      setError(problem);
      return;
    }
    setValue('');
    setError(null);
  }

  async function handleDelete(guid: StepObjectGuid) {
    setDeleteError(null);
    const problem = await onDelete(guid);
    if (problem) setDeleteError(problem);
  }

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('filesStep.guids.intro')}
      </Text>
      {guids.length === 0 ? (
        <Text size="sm" c="dimmed" fs="italic">
          {t('filesStep.guids.none')}
        </Text>
      ) : (
        <Table verticalSpacing={6} aria-label={t('filesStep.guids.title')} style={{ maxWidth: 560 }}>
          <Table.Tbody>
            {guids.map((guid) => (
              <Table.Tr key={guid.id}>
                <Table.Td>
                  {/* The GUID and where it came from; the badge goes under the GUID where the card is narrow. */}
                  <Group gap="xs" wrap="wrap">
                    <Text ff="monospace" size="sm">{`0x${guid.object_guid}`}</Text>
                    <Badge
                      variant="light"
                      color={guid.file_id ? 'teal' : 'gray'}
                      radius="sm"
                      style={{ textTransform: 'none', flexShrink: 0 }}
                      styles={{ label: { overflow: 'visible' } }}
                    >
                      {guid.file_id ? t('filesStep.guids.fromFile') : t('filesStep.guids.byHand')}
                    </Badge>
                  </Group>
                </Table.Td>
                <Table.Td w={40}>
                  {isReadOnly ? null : (
                    <Tooltip label={t('filesStep.guids.delete')} withArrow openDelay={300}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('filesStep.guids.deleteOf', { guid: `0x${guid.object_guid}` })}
                        onClick={() => void handleDelete(guid)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {deleteError ? (
        <Text size="sm" c="red" role="alert">
          {deleteError}
        </Text>
      ) : null}
      {isReadOnly ? null : (
        <form onSubmit={(event) => void handleAdd(event)} noValidate>
          <Group gap="sm" align="flex-start">
            <TextInput
              label={t('filesStep.guids.label')}
              placeholder="0x00000000001a2b3c"
              value={value}
              error={error}
              onChange={(event) => {
                setValue(event.currentTarget.value);
                if (error) setError(null);
              }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              style={{ flex: '1 1 260px', maxWidth: 360 }}
              maxLength={20}
              spellCheck={false}
              autoComplete="off"
            />
            <Button type="submit" mt={25} variant="light" leftSection={<IconPlus size={16} aria-hidden />} loading={isAdding} disabled={value.trim() === ''}>
              {t('filesStep.guids.add')}
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
