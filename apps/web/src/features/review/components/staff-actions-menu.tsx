import { ADMIN_ACCESS, hasPermission, pagePermission } from '@corner/domain';
import { ActionIcon, Autocomplete, Button, Group, Menu, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '../../../ui/notify';
import { IconDots, IconRestore, IconRosetteDiscountCheck, IconTrash, IconUserCheck, IconUserShare } from '@tabler/icons-react';
import type { CombinedError } from '@urql/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Modal } from '../../../ui/modal';
import { usePermissions } from '../../member/hooks/use-session';
import { SetCreatorTrustedMutation } from '../../check/graphql';
import { DeleteSubmissionMutation } from '../../submission/graphql';
import { AssignToTeamMemberMutation, PublishSubmissionAsMutation, RestoreSubmissionMutation, SearchArtistsQuery, TeamMembersQuery } from './staff-actions-menu.graphql';

const ACTION_CONTEXT = { additionalTypenames: ['SubmissionProperties', 'Counters'] };

export interface StaffActionsMenuProps {
  submission: {
    id: number;
    name: string;
    status: string;
    deleted_at: string | null;
    team_member: { MemberID: number } | null;
    creator: { MemberID: number; UserName: string };
    /** Null when the reader may not see it. */
    creator_trusted: boolean | null;
  };
  /** The creator's trust was set (the mutation's answer), for the page to show at once. */
  onTrustChanged?: (trusted: boolean) => void;
}

type Dialog = 'assign' | 'publishAs' | 'delete' | null;

/** Less frequent staff actions on a creation: assign to a team member, publish as another artist, trust its creator, delete or restore. */
export function StaffActionsMenu({ submission, onTrustChanged }: StaffActionsMenuProps) {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [, restore] = useMutation(RestoreSubmissionMutation);
  const [, remove] = useMutation(DeleteSubmissionMutation);
  const [, setTrusted] = useMutation(SetCreatorTrustedMutation);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const canDecide = permissions.has(pagePermission('waiting', 'edit'));
  const canPublishAs = canDecide || permissions.has(pagePermission('published', 'edit'));
  const canDelete = permissions.has(pagePermission('published', 'edit'));
  if (!canDecide && !canPublishAs && !canDelete) return null;

  async function handleRestore() {
    const result = await restore({ id: submission.id }, ACTION_CONTEXT);
    notifications.show(result.error ? { color: 'red', title: t('review.more.restoreFailed'), message: errorCause(result.error) } : { color: 'teal', message: t('review.more.restored') });
  }
  async function handleTrust(trusted: boolean) {
    const result = await setTrusted({ member_id: submission.creator.MemberID, trusted }, ACTION_CONTEXT);
    if (result.data) onTrustChanged?.(result.data.setCreatorTrusted);
    notifications.show(
      result.error
        ? { color: 'red', title: t('review.more.trustFailed'), message: errorCause(result.error) }
        : { color: 'teal', message: t(trusted ? 'review.more.trusted' : 'review.more.untrusted', { name: submission.creator.UserName }) },
    );
  }
  async function handleDelete() {
    const result = await remove({ id: submission.id }, ACTION_CONTEXT);
    if (result.error) return setDeleteError(errorCause(result.error));
    setDialog(null);
    notifications.show({ color: 'gray', message: t('review.more.deleted') });
  }

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label={t('review.more.label')}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {canDecide ? (
            <Menu.Item leftSection={<IconUserCheck size={16} aria-hidden />} onClick={() => setDialog('assign')}>
              {t('review.more.assign')}
            </Menu.Item>
          ) : null}
          {canPublishAs ? (
            <Menu.Item leftSection={<IconUserShare size={16} aria-hidden />} onClick={() => setDialog('publishAs')}>
              {t('review.more.publishAs')}
            </Menu.Item>
          ) : null}
          {canDecide && submission.creator_trusted !== null ? (
            <Menu.Item leftSection={<IconRosetteDiscountCheck size={16} aria-hidden />} onClick={() => void handleTrust(!submission.creator_trusted)}>
              {t(submission.creator_trusted ? 'review.more.untrust' : 'review.more.trust', { name: submission.creator.UserName })}
            </Menu.Item>
          ) : null}
          {canDelete && submission.deleted_at ? (
            <Menu.Item leftSection={<IconRestore size={16} aria-hidden />} onClick={() => void handleRestore()}>
              {t('review.more.restore')}
            </Menu.Item>
          ) : null}
          {canDelete && !submission.deleted_at ? (
            <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDialog('delete')}>
              {t('review.more.delete')}
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      <AssignDialog opened={dialog === 'assign'} submission={submission} onClose={() => setDialog(null)} />
      <PublishAsDialog opened={dialog === 'publishAs'} submissionId={submission.id} onClose={() => setDialog(null)} />
      <ConfirmDialog
        opened={dialog === 'delete'}
        title={t('review.more.deleteTitle', { name: submission.name })}
        message={t('review.more.deleteText')}
        confirmLabel={t('review.more.delete')}
        isDanger
        error={deleteError}
        onConfirm={() => void handleDelete()}
        onClose={() => setDialog(null)}
      />
    </>
  );
}

function DialogError({ error }: { error: CombinedError | string | null }) {
  if (!error) return null;
  return (
    <Text size="sm" c="red" role="alert">
      {typeof error === 'string' ? error : errorCause(error)}
    </Text>
  );
}

/** Assigns the creation to a member of the team (members holding admin access), or to nobody. */
function AssignDialog({ opened, submission, onClose }: { opened: boolean; submission: StaffActionsMenuProps['submission']; onClose: () => void }) {
  const { t } = useTranslation();
  const [{ data }] = useQuery({ query: TeamMembersQuery, pause: !opened });
  const [{ fetching, error }, assign] = useMutation(AssignToTeamMemberMutation);
  const [choice, setChoice] = useState<string | null>(submission.team_member ? String(submission.team_member.MemberID) : null);
  const team = (data?.membersWithRoles ?? []).filter((m) => hasPermission({ roles: m.roles }, ADMIN_ACCESS));
  async function handleAssign() {
    const result = await assign({ id: submission.id, member_id: choice ? Number(choice) : null }, ACTION_CONTEXT);
    if (!result.error) onClose();
  }
  return (
    <Modal opened={opened} onClose={onClose} centered size="m" title={t('review.more.assignTitle')}>
      <Stack gap="sm">
        <Select
          label={t('review.more.teamMember')}
          placeholder={t('review.more.nobody')}
          data={team.map((m) => ({ value: String(m.MemberID), label: m.UserName }))}
          value={choice}
          onChange={setChoice}
          clearable
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <DialogError error={error ?? null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={fetching} onClick={() => void handleAssign()}>
            {t('review.more.assignConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Makes another artist the creation's owner: staff publishing on an artist's behalf. */
function PublishAsDialog({ opened, submissionId, onClose }: { opened: boolean; submissionId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [debounced] = useDebouncedValue(name, 300);
  const [{ data }] = useQuery({ query: SearchArtistsQuery, variables: { name: debounced }, pause: !opened || debounced.trim().length < 2 });
  const [{ fetching, error }, publishAs] = useMutation(PublishSubmissionAsMutation);
  const artists = data?.searchArtists.data ?? [];
  const chosen = artists.find((a) => a.UserName === name) ?? null;
  async function handlePublishAs() {
    if (!chosen) return;
    const result = await publishAs({ id: submissionId, member_id: chosen.MemberID }, ACTION_CONTEXT);
    if (!result.error) onClose();
  }
  return (
    <Modal opened={opened} onClose={onClose} centered size="m" title={t('review.more.publishAsTitle')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('review.more.publishAsText')}
        </Text>
        <Autocomplete
          label={t('review.more.artist')}
          placeholder={t('review.more.artistPlaceholder')}
          data={artists.map((a) => a.UserName)}
          value={name}
          onChange={setName}
          comboboxProps={{ withinPortal: true }}
        />
        <DialogError error={error ?? null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!chosen} loading={fetching} onClick={() => void handlePublishAs()}>
            {t('review.more.publishAsConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
