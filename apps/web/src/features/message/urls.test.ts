import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STAFF_MESSAGE_PARAMS,
  creationConversationsPath,
  hasStaffMessageFilters,
  readConversationId,
  readListPage,
  readStaffMessageParams,
  searchConversationVariables,
  writeStaffMessageParams,
} from './urls';

describe('staff message params', () => {
  it('reads an empty URL as the defaults: the open conversations', () => {
    expect(readStaffMessageParams(new URLSearchParams())).toEqual(DEFAULT_STAFF_MESSAGE_PARAMS);
    expect(DEFAULT_STAFF_MESSAGE_PARAMS.status).toEqual(['active', 'pending']);
  });

  it('writes every chip off as status=any, and reads it back as no status filter', () => {
    const written = writeStaffMessageParams({ ...DEFAULT_STAFF_MESSAGE_PARAMS, status: [] });
    expect(written.toString()).toBe('status=any');
    expect(readStaffMessageParams(written).status).toEqual([]);
    expect(hasStaffMessageFilters(readStaffMessageParams(written))).toBe(true);
    expect(searchConversationVariables(readStaffMessageParams(written), null)).toEqual({ first: 20, page: 1 });
  });

  it('reads every filter', () => {
    const params = readStaffMessageParams(new URLSearchParams('status=pending,active&assignee=me&tag=bug&creation=12&search=lot&page=3'));
    expect(params).toEqual({ status: ['active', 'pending'], assignee: 'me', tag: 'bug', creation: 12, search: 'lot', page: 3 });
  });

  it('drops what it does not know', () => {
    const params = readStaffMessageParams(new URLSearchParams('status=open,closed&assignee=nobody&creation=-4&page=zero'));
    expect(params).toEqual({ ...DEFAULT_STAFF_MESSAGE_PARAMS, status: ['closed'] });
    expect(readStaffMessageParams(new URLSearchParams('status=open')).status).toEqual(['active', 'pending']);
    expect(readStaffMessageParams(new URLSearchParams('assignee=unassigned')).assignee).toBe('unassigned');
    expect(readStaffMessageParams(new URLSearchParams('assignee=7')).assignee).toBe(7);
  });

  it('writes only what differs from the defaults and reads back the same', () => {
    expect(writeStaffMessageParams(DEFAULT_STAFF_MESSAGE_PARAMS).toString()).toBe('');
    const params = { status: ['closed', 'active'] as const, assignee: 7, tag: ' bug ', creation: 3, search: ' hi ', page: 2 };
    const written = writeStaffMessageParams({ ...params, status: [...params.status] });
    expect(written.toString()).toBe('status=active%2Cclosed&assignee=7&tag=bug&creation=3&search=hi&page=2');
    expect(readStaffMessageParams(written)).toEqual({ status: ['active', 'closed'], assignee: 7, tag: 'bug', creation: 3, search: 'hi', page: 2 });
  });

  it('knows when the list is filtered', () => {
    expect(hasStaffMessageFilters(DEFAULT_STAFF_MESSAGE_PARAMS)).toBe(false);
    expect(hasStaffMessageFilters({ ...DEFAULT_STAFF_MESSAGE_PARAMS, assignee: 'unassigned' })).toBe(true);
    expect(hasStaffMessageFilters({ ...DEFAULT_STAFF_MESSAGE_PARAMS, page: 4 })).toBe(false);
  });
});

describe('searchConversationVariables', () => {
  it('asks for the open conversations by default', () => {
    expect(searchConversationVariables(DEFAULT_STAFF_MESSAGE_PARAMS, 5)).toEqual({ first: 20, page: 1, status: ['active', 'pending'] });
  });

  it('turns "me" into the signed-in id and "unassigned" into the flag', () => {
    expect(searchConversationVariables({ ...DEFAULT_STAFF_MESSAGE_PARAMS, assignee: 'me' }, 5)).toEqual({ first: 20, page: 1, status: ['active', 'pending'], assignee_id: 5 });
    expect(searchConversationVariables({ ...DEFAULT_STAFF_MESSAGE_PARAMS, assignee: 'unassigned' }, 5)).toEqual({ first: 20, page: 1, status: ['active', 'pending'], unassigned: true });
    expect(searchConversationVariables({ ...DEFAULT_STAFF_MESSAGE_PARAMS, assignee: 9 }, 5)).toEqual({ first: 20, page: 1, status: ['active', 'pending'], assignee_id: 9 });
  });

  it('passes the other filters by their API names', () => {
    const variables = searchConversationVariables(
      { status: ['active'], assignee: null, tag: 'bug', creation: 4, search: ' sofa ', page: 2 },
      null,
    );
    expect(variables).toEqual({ first: 20, page: 2, status: ['active'], tag: 'bug', submission_id: 4, phrase: 'sofa' });
  });
});

describe('paths', () => {
  it('reads ids and pages', () => {
    expect(readConversationId('12')).toBe(12);
    expect(readConversationId('x')).toBeNull();
    expect(readConversationId(undefined)).toBeNull();
    expect(readListPage(new URLSearchParams('page=2'))).toBe(2);
    expect(readListPage(new URLSearchParams('page=-1'))).toBe(1);
  });

  it('links a creation to its conversations', () => {
    expect(creationConversationsPath(8)).toBe('/staff/messages?creation=8');
  });
});
