import { describe, expect, it } from 'vitest';
import { AppError, AuthorizationCode, defineErrors, refuse, withIdLists } from './errors';

class ShelfError extends AppError {}

const shelfError = defineErrors({
  SHELF_NOT_FOUND: { category: 'not_found', message: (p: { id: number }) => `Shelf ${p.id} was not found.` },
  SHELF_NAME_MISSING: { category: 'validation', field: 'name', message: () => 'Name the shelf.' },
  SHELF_FULL: {
    category: 'conflict',
    field: (p) => p.field ?? 'item_ids',
    message: (p: { max: number; field?: string }) => `A shelf holds at most ${p.max} items.`,
    extensions: (p) => ({ max: p.max }),
  },
});

describe('defineErrors', () => {
  it('makes the message from the params, with the code and category in extensions', () => {
    const error = shelfError('SHELF_NOT_FOUND', { id: 7 });
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toBe('Shelf 7 was not found.');
    expect(error.code).toBe('SHELF_NOT_FOUND');
    expect(error.extensions).toEqual({ code: 'SHELF_NOT_FOUND', category: 'not_found' });
  });

  it('takes no params when the message needs none, and files the message under its field', () => {
    const error = shelfError('SHELF_NAME_MISSING');
    expect(error.message).toBe('Name the shelf.');
    expect(error.extensions).toEqual({ code: 'SHELF_NAME_MISSING', category: 'validation', validation: { name: ['Name the shelf.'] } });
  });

  it('reads the field from the params, then adds the entry’s extensions after validation', () => {
    const message = 'A shelf holds at most 3 items.';
    expect(shelfError('SHELF_FULL', { max: 3 }).extensions).toEqual({ code: 'SHELF_FULL', category: 'conflict', validation: { item_ids: [message] }, max: 3 });
    expect(Object.keys(shelfError('SHELF_FULL', { max: 3 }).extensions)).toEqual(['code', 'category', 'validation', 'max']);
    expect(shelfError('SHELF_FULL', { max: 3, field: 'shelf' }).extensions.validation).toEqual({ shelf: [message] });
  });

  it('lists its codes, and makes instances of a subclass with extensions for every code when asked', () => {
    expect(shelfError.codes).toEqual(['SHELF_NOT_FOUND', 'SHELF_NAME_MISSING', 'SHELF_FULL']);
    const withParams = defineErrors(
      { SHELF_TOO_TALL: { category: 'validation', message: (p: { height: number }) => `${p.height} cm is too tall.` } },
      { error: ShelfError, extensions: (params) => ({ ...params }) },
    );
    const error = withParams('SHELF_TOO_TALL', { height: 240 });
    expect(error).toBeInstanceOf(ShelfError);
    expect(error.extensions).toEqual({ code: 'SHELF_TOO_TALL', category: 'validation', height: 240 });
  });
});

describe('refuse', () => {
  it('tells a signed-out person to sign in, whatever the refusal would be', () => {
    const error = refuse({ member: null, problem: null }, AuthorizationCode.NOT_OWNER);
    expect(error.extensions).toMatchObject({ code: 'NOT_SIGNED_IN', category: 'authorization', reason: 'You need to sign in to do this.' });
  });

  it('names the session’s own problem when there is one', () => {
    expect(refuse({ member: null, problem: AuthorizationCode.SESSION_EXPIRED }, AuthorizationCode.FORBIDDEN).code).toBe('SESSION_EXPIRED');
  });

  it('gives a signed-in member the refusal asked for', () => {
    const error = refuse({ member: { id: 1 }, problem: null }, AuthorizationCode.NOT_OWNER);
    expect(error.message).toBe('not-authorized');
    expect(error.extensions).toEqual({ code: 'NOT_OWNER', category: 'authorization', reason: 'You can only do this with your own creations.' });
  });
});

describe('withIdLists', () => {
  it('follows the message with each list that has ids, in order', () => {
    expect(withIdLists('List each once.', { Missing: [3, 4], Unknown: [], 'Listed twice': [5] })).toBe('List each once. Missing: 3, 4. Listed twice: 5.');
    expect(withIdLists('List each once.', { Missing: [] })).toBe('List each once.');
  });
});
