import { CONVERSATION_STATUSES, SUPPORT_STAFF_PAGE_SIZE, type ConversationStatus } from '@corner/domain';
import { Button, Chip, Group, NumberInput, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconMessages, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import type { LiveKind } from '../../../app/live/use-live-events';
import { AUTO_SAVE_DELAY_MS } from '../../../ui/auto-save/use-auto-save';
import { EmptyState } from '../../../ui/empty-state';
import { ListPager } from '../../../ui/list-pager';
import { PageFrame } from '../../../ui/page-frame';
import { QueryState } from '../../../ui/query-state';
import { useMember } from '../../member/hooks/use-session';
import { SearchConversationsQuery, SupportStaffQuery } from '../graphql';
import { useLiveRefresh } from '../hooks/use-live-refresh';
import { STAFF_MESSAGES_LINK } from '../links';
import {
  hasStaffMessageFilters,
  readStaffMessageParams,
  searchConversationVariables,
  writeStaffMessageParams,
  type AssigneeFilter,
  type StaffMessageParams,
} from '../urls';
import { ConversationList } from './conversation-list';
import { CONVERSATION_LIST_CONTEXT } from './messages-page';

const LIVE_KINDS: readonly LiveKind[] = ['conversation'];
const STAFF_VARIABLES = { first: SUPPORT_STAFF_PAGE_SIZE };

/** The assignee filter as the Select holds it. */
function assigneeValue(assignee: AssigneeFilter): string {
  return assignee === null ? 'anyone' : String(assignee);
}
function readAssigneeValue(value: string | null): AssigneeFilter {
  if (value === 'me' || value === 'unassigned') return value;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * /staff/messages: the open conversations by default (closed ones a chip away), newest activity
 * first, filtered by status, assignee (also "unassigned"), tag, creation and a search phrase, all
 * held in the URL so a link shows the same list.
 */
export function StaffMessagesPage() {
  const { t } = useTranslation();
  const member = useMember();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readStaffMessageParams(searchParams);
  const myId = member?.MemberID ?? null;
  const variables = useMemo(() => searchConversationVariables(readStaffMessageParams(searchParams), myId), [searchParams, myId]);
  const [{ data, fetching, error }, reexecute] = useQuery({
    query: SearchConversationsQuery,
    variables,
    context: CONVERSATION_LIST_CONTEXT,
    requestPolicy: 'cache-and-network',
  });
  useLiveRefresh(LIVE_KINDS, reexecute);
  const [{ data: staffData }] = useQuery({ query: SupportStaffQuery, variables: STAFF_VARIABLES });

  const [searchDraft, setSearchDraft] = useState(params.search);
  const [tagDraft, setTagDraft] = useState(params.tag);
  const sent = useRef({ search: params.search, tag: params.tag });
  useEffect(() => {
    // The URL changed from outside the fields (back button, a link): show what it says.
    if (params.search !== sent.current.search) setSearchDraft(params.search);
    if (params.tag !== sent.current.tag) setTagDraft(params.tag);
    sent.current = { search: params.search, tag: params.tag };
  }, [params.search, params.tag]);

  function go(next: Partial<StaffMessageParams>) {
    const merged = { ...params, page: 1, ...next };
    sent.current = { search: merged.search.trim(), tag: merged.tag.trim() };
    setSearchParams(writeStaffMessageParams(merged), { replace: true });
  }
  const applyText = useDebouncedCallback((next: Partial<StaffMessageParams>) => go(next), AUTO_SAVE_DELAY_MS);

  const assigneeOptions = [
    { value: 'anyone', label: t('messages.staff.anyone') },
    { value: 'me', label: t('messages.staff.me') },
    { value: 'unassigned', label: t('messages.staff.unassigned') },
    ...(staffData?.listSupportStaff.data ?? [])
      .filter((staff) => staff.MemberID !== myId)
      .map((staff) => ({ value: String(staff.MemberID), label: staff.UserName })),
  ];
  // An assignee from a shared link who is not (or not yet) in the list still reads as a choice.
  if (typeof params.assignee === 'number' && !assigneeOptions.some((option) => option.value === String(params.assignee))) {
    assigneeOptions.push({ value: String(params.assignee), label: t('messages.staff.memberId', { id: params.assignee }) });
  }
  const list = data?.searchConversations;

  return (
    <PageFrame title={t(`nav.${STAFF_MESSAGES_LINK.label}`)} description={t('messages.staffIntro')}>
      <Paper withBorder p="md" component="section" aria-label={t('messages.staff.filters')}>
        <Stack gap="sm">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Chip.Group
              multiple
              value={params.status}
              onChange={(value) => go({ status: value.filter((v): v is ConversationStatus => (CONVERSATION_STATUSES as readonly string[]).includes(v)) })}
            >
              <Group gap="xs" role="group" aria-label={t('messages.staff.status')}>
                {CONVERSATION_STATUSES.map((status) => (
                  <Chip key={status} value={status} size="sm">
                    {t(`messages.status.staff.${status}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {hasStaffMessageFilters(params) ? (
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconFilterOff size={14} aria-hidden />}
                onClick={() => {
                  setSearchDraft('');
                  setTagDraft('');
                  sent.current = { search: '', tag: '' };
                  setSearchParams(new URLSearchParams(), { replace: true });
                }}
              >
                {t('messages.staff.clearFilters')}
              </Button>
            ) : null}
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <TextInput
              label={t('messages.staff.search')}
              placeholder={t('messages.staff.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={searchDraft}
              onChange={(event) => {
                setSearchDraft(event.currentTarget.value);
                applyText({ search: event.currentTarget.value });
              }}
            />
            <Select
              label={t('messages.staff.assignee')}
              data={assigneeOptions}
              value={assigneeValue(params.assignee)}
              onChange={(value) => go({ assignee: readAssigneeValue(value) })}
              allowDeselect={false}
              searchable
            />
            <TextInput
              label={t('messages.staff.tag')}
              placeholder={t('messages.staff.tagPlaceholder')}
              value={tagDraft}
              onChange={(event) => {
                setTagDraft(event.currentTarget.value);
                applyText({ tag: event.currentTarget.value });
              }}
            />
            <NumberInput
              label={t('messages.staff.creation')}
              placeholder={t('messages.staff.creationPlaceholder')}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              value={params.creation ?? ''}
              onChange={(value) => go({ creation: typeof value === 'number' && value > 0 ? value : null })}
            />
          </SimpleGrid>
        </Stack>
      </Paper>
      {!list ? (
        <QueryState isLoading={fetching || !error} loadingText={t('messages.list.loading')} failedTitle={t('messages.list.loadFailed')} failure={error ? errorCause(error) : null} />
      ) : list.data.length === 0 ? (
        <EmptyState icon={IconMessages} title={hasStaffMessageFilters(params) ? t('messages.staff.nothingFound') : t('messages.staffEmpty')} />
      ) : (
        <Stack gap="md">
          <ConversationList rows={list.data} viewer="staff" label={t('messages.staff.listLabel')} />
          <ListPager
            info={list.paginatorInfo}
            label={t('messages.list.pages')}
            onPageChange={(page) => setSearchParams(writeStaffMessageParams({ ...params, page }), { replace: false })}
          />
        </Stack>
      )}
    </PageFrame>
  );
}
