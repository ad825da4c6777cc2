import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { maskError, TIMEOUT_MESSAGE } from './mask-error';

describe('maskError', () => {
  it('says that a statement cancelled for its time budget took too long, through every wrapper', () => {
    const driver = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    const drizzle = Object.assign(new Error('Failed query: select …'), { cause: driver });
    const wrapped = new GraphQLError('Failed query: select …', { originalError: drizzle, path: ['newItemsSearch'] });
    const masked = maskError(wrapped, 'Unexpected error.') as GraphQLError;
    expect(masked.message).toBe(TIMEOUT_MESSAGE);
    expect(masked.extensions).toEqual({ code: 'TIMEOUT', category: 'timeout' });
    expect(masked.path).toEqual(['newItemsSearch']);
  });

  it('masks any other unexpected error as Yoga does, keeping SQL and stack traces from the client', () => {
    const other = new GraphQLError('relation "x" does not exist', { originalError: Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }) });
    const masked = maskError(other, 'Unexpected error.') as GraphQLError;
    expect(masked.message).toBe('Unexpected error.');
    expect(JSON.stringify(masked)).not.toContain('relation');
  });
});
