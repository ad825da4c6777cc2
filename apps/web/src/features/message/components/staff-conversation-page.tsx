import { CONVERSATION_STATUSES, pagePermission, portalPaths, SUPPORT_STAFF_PAGE_SIZE, TAG_PATTERN, MAX_TAG_LENGTH, type ConversationStatus } from '@corner/domain';
import { ActionIcon, Anchor, Badge, Button, Grid, Group, Paper, Select, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import type { CombinedError } from '@urql/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { useActionStatus } from '../../../ui/auto-save/use-action-status';
import { CopyButton } from '../../../ui/copy-button';
import { PageFrame } from '../../../ui/page-frame';
import { useHasPermission, useMember } from '../../member/hooks/use-session';
import {
  AssignConversationMutation,
  CloseConversationMutation,
  CreateStaffConversationReplyMutation,
  SupportStaffQuery,
  TagConversationMutation,
  UnassignConversationMutation,
} from '../graphql';
import { useSendWithFile } from '../hooks/use-send-with-file';
import { STAFF_MESSAGES_LINK } from '../links';
import { sendProblem } from '../send-problem';
import { BackButton, ConversationLoading, ConversationRoute, useLiveConversation } from './conversation-frame';
import { ConversationHeader } from './conversation-header';
import { ReplyBox } from './reply-box';
import { ThreadList } from './thread-list';

const STAFF_VARIABLES = { first: SUPPORT_STAFF_PAGE_SIZE };
const EDIT_MESSAGES = pagePermission('messages', 'edit');

/** What a mutation's answer says went wrong, or null when it worked (for useActionStatus). */
function problemOf(result: { error?: CombinedError | undefined }): string | null {
  return result.error ? errorCause(result.error) : null;
}

/** The creator's tags stay out of the staff's tag list: they are the creator's own. */
function staffTags(tags: readonly string[]): string[] {
  return tags.filter((tag) => tag !== 'user-read' && tag !== 'user-deleted');
}

/**
 * /staff/messages/:conversationId: the threads with staff-only notes, a reply or note (with the
 * status after a reply), and on the side the creator, the assignee, the tags and closing.
 */
export function StaffConversationPage() {
  return <ConversationRoute back={<StaffBack />}>{(id) => <StaffConversationView id={id} />}</ConversationRoute>;
}

function StaffBack() {
  const { t } = useTranslation();
  return <BackButton to={STAFF_MESSAGES_LINK.to} label={t('messages.staff.back')} />;
}

function StaffConversationView({ id }: { id: number }) {
  const { t } = useTranslation();
  const member = useMember();
  const canEdit = useHasPermission(EDIT_MESSAGES);
  const [{ data, fetching, error }, reexecute] = useLiveConversation(id);
  const [{ data: staffData }] = useQuery({ query: SupportStaffQuery, variables: STAFF_VARIABLES, pause: !canEdit });
  const { send, progress } = useSendWithFile();
  const [, assign] = useMutation(AssignConversationMutation);
  const [, unassign] = useMutation(UnassignConversationMutation);
  const [, tag] = useMutation(TagConversationMutation);
  const [, close] = useMutation(CloseConversationMutation);
  const action = useActionStatus();
  const [mode, setMode] = useState<'reply' | 'note'>('reply');
  const [statusAfter, setStatusAfter] = useState<ConversationStatus>('pending');
  const [newTag, setNewTag] = useState('');

  const conversation = data?.conversation;
  if (!conversation) return <ConversationLoading back={<StaffBack />} fetching={fetching} error={error} />;

  const isNote = mode === 'note';
  async function handleSend(message: string, file: File | null) {
    const result = await send(
      CreateStaffConversationReplyMutation,
      { conversation_id: id, message, note: isNote, ...(isNote ? {} : { status: statusAfter }) },
      file,
    );
    const problem = sendProblem(result.error);
    if (!problem) {
      reexecute({ requestPolicy: 'network-only' });
      setStatusAfter('pending');
    }
    return problem;
  }

  const tags = staffTags(conversation.tags);
  const tagProblem =
    newTag.trim() !== '' && (!TAG_PATTERN.test(newTag.trim()) || newTag.trim().length > MAX_TAG_LENGTH) ? t('messages.staff.tagRule', { max: MAX_TAG_LENGTH }) : null;
  function handleAddTag() {
    const value = newTag.trim();
    if (!value || tagProblem) return;
    void action.run(async () => {
      const problem = problemOf(await tag({ id, add: [value] }));
      if (!problem) setNewTag('');
      return problem;
    });
  }

  const staffOptions = (staffData?.listSupportStaff.data ?? []).map((staff) => ({ value: String(staff.MemberID), label: staff.UserName }));
  if (conversation.assignee && !staffOptions.some((option) => option.value === String(conversation.assignee?.MemberID))) {
    staffOptions.unshift({ value: String(conversation.assignee.MemberID), label: conversation.assignee.UserName });
  }
  const isMine = member !== null && conversation.assignee?.MemberID === member.MemberID;
  const submission = conversation.submission;

  return (
    <PageFrame
      title={conversation.subject}
      description={
        <ConversationHeader
          number={conversation.number}
          status={conversation.status}
          createdAt={conversation.createdAt}
          viewer="staff"
          submission={submission}
          submissionPath={submission ? portalPaths.review(submission.id) : null}
        />
      }
      actions={
        <>
          <StaffBack />
          {canEdit && conversation.status !== 'closed' ? (
            <Button
              variant="light"
              color="gray"
              leftSection={<IconCheck size={16} aria-hidden />}
              onClick={() => void action.run(async () => problemOf(await close({ id })))}
            >
              {t('messages.staff.close')}
            </Button>
          ) : null}
        </>
      }
    >
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <ThreadList threads={conversation.threads} viewer="staff" />
            {canEdit ? (
              <ReplyBox
                label={isNote ? t('messages.staff.noteLabel') : t('messages.staff.replyLabel', { name: conversation.member.UserName })}
                submitLabel={isNote ? t('messages.staff.addNote') : t('messages.staff.sendReply')}
                isNote={isNote}
                progress={progress}
                onSend={handleSend}
                extra={
                  <Group gap="md" align="flex-end" wrap="wrap">
                    <Stack gap={4}>
                      <Text size="sm" fw={500}>
                        {t('messages.staff.kind')}
                      </Text>
                      <SegmentedControl
                        value={mode}
                        onChange={(value) => setMode(value === 'note' ? 'note' : 'reply')}
                        data={[
                          { value: 'reply', label: t('messages.staff.kindReply') },
                          { value: 'note', label: t('messages.staff.kindNote') },
                        ]}
                        aria-label={t('messages.staff.kind')}
                      />
                    </Stack>
                    {isNote ? (
                      <Text size="xs" c="dimmed" maw={320}>
                        {t('messages.staff.noteHint')}
                      </Text>
                    ) : (
                      <Select
                        label={t('messages.staff.statusAfter')}
                        data={CONVERSATION_STATUSES.map((status) => ({ value: status, label: t(`messages.status.staff.${status}`) }))}
                        value={statusAfter}
                        onChange={(value) => setStatusAfter((CONVERSATION_STATUSES as readonly string[]).includes(value ?? '') ? (value as ConversationStatus) : 'pending')}
                        allowDeselect={false}
                        w={220}
                      />
                    )}
                  </Group>
                }
              />
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <SidePanel title={t('messages.staff.details')}>
              <Stack gap="sm">
                <Fact label={t('messages.staff.creator')}>{conversation.member.UserName}</Fact>
                {submission ? (
                  <Fact label={t('messages.staff.creationLabel')}>
                    <Anchor component={Link} to={portalPaths.review(submission.id)} size="sm">
                      {t('messages.list.creation', { name: submission.name || t('list.untitled'), id: submission.id })}
                    </Anchor>{' '}
                    <CopyButton value={submission.id} />
                  </Fact>
                ) : null}
                <Fact label={t('messages.staff.assignee')}>{conversation.assignee?.UserName ?? t('messages.staff.unassigned')}</Fact>
                {canEdit ? (
                  <Stack gap="xs">
                    <Select
                      label={t('messages.staff.assignTo')}
                      placeholder={t('messages.staff.pickStaff')}
                      data={staffOptions}
                      value={conversation.assignee ? String(conversation.assignee.MemberID) : null}
                      onChange={(value) => {
                        const memberId = Number(value);
                        if (value && memberId !== conversation.assignee?.MemberID) {
                          void action.run(async () => problemOf(await assign({ id, member_id: memberId })));
                        }
                      }}
                      searchable
                      allowDeselect={false}
                    />
                    <Group gap="xs">
                      {member && !isMine ? (
                        <Button size="xs" variant="light" onClick={() => void action.run(async () => problemOf(await assign({ id, member_id: member.MemberID })))}>
                          {t('messages.staff.assignMe')}
                        </Button>
                      ) : null}
                      {conversation.assignee ? (
                        <Button size="xs" variant="default" onClick={() => void action.run(async () => problemOf(await unassign({ id })))}>
                          {t('messages.staff.unassign')}
                        </Button>
                      ) : null}
                    </Group>
                  </Stack>
                ) : null}
              </Stack>
            </SidePanel>
            <SidePanel title={t('messages.staff.tags')}>
              <Stack gap="sm">
                {tags.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('messages.staff.noTags')}
                  </Text>
                ) : (
                  <Group gap={6}>
                    {tags.map((name) => (
                      <Badge
                        key={name}
                        variant="light"
                        color="gray"
                        tt="none"
                        rightSection={
                          canEdit ? (
                            <ActionIcon
                              size="xs"
                              variant="transparent"
                              color="gray"
                              aria-label={t('messages.staff.removeTag', { tag: name })}
                              onClick={() => void action.run(async () => problemOf(await tag({ id, remove: [name] })))}
                            >
                              <IconX size={12} aria-hidden />
                            </ActionIcon>
                          ) : undefined
                        }
                      >
                        {name}
                      </Badge>
                    ))}
                  </Group>
                )}
                {canEdit ? (
                  <Group gap="xs" align="flex-start" wrap="nowrap">
                    <TextInput
                      aria-label={t('messages.staff.newTag')}
                      placeholder={t('messages.staff.newTag')}
                      value={newTag}
                      error={tagProblem}
                      onChange={(event) => setNewTag(event.currentTarget.value.toLowerCase())}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') handleAddTag();
                      }}
                      style={{ flex: 1 }}
                    />
                    <Button variant="default" leftSection={<IconPlus size={14} aria-hidden />} onClick={handleAddTag} disabled={!newTag.trim() || tagProblem !== null}>
                      {t('messages.staff.addTag')}
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            </SidePanel>
            {action.failure ? (
              <Text size="sm" c="red" role="alert">
                {t('messages.staff.actionFailed', { reason: action.failure })}
              </Text>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </PageFrame>
  );
}

function SidePanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}
