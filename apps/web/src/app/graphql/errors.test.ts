import { CombinedError } from '@urql/core';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { authorizationText, classifyGraphQLError, errorCause, hasErrorCode, isAuthorizationCategory, loginErrorMessage, throttleWaitMs, validationMessages } from './errors';

describe('classifyGraphQLError', () => {
  it('treats errors at path login as sign-in errors', () => {
    expect(classifyGraphQLError({ message: 'Either email or password is incorrect', path: ['login'] })).toBe('login');
  });

  it('keeps sign-in errors on the form even with category authorization', () => {
    const error = { message: 'Too many attempts', path: ['login'], extensions: { category: 'authorization' } };
    expect(classifyGraphQLError(error)).toBe('login');
  });

  it('treats category authorization and the message not-authorized as permission failures', () => {
    expect(classifyGraphQLError({ message: 'x', extensions: { category: 'authorization' } })).toBe('authorization');
    expect(classifyGraphQLError({ message: 'not-authorized', path: ['staffCounters'] })).toBe('authorization');
  });

  it('treats anything else as other', () => {
    expect(classifyGraphQLError({ message: 'boom', path: ['me'], extensions: { category: 'internal' } })).toBe('other');
  });
});

describe('isAuthorizationCategory', () => {
  it('is true only for the category, not the bare message', () => {
    expect(isAuthorizationCategory({ message: 'x', extensions: { category: 'authorization' } })).toBe(true);
    expect(isAuthorizationCategory({ message: 'not-authorized' })).toBe(false);
  });
});

describe('authorizationText', () => {
  it('prefers extensions.reason and falls back to the message', () => {
    expect(authorizationText({ message: 'not-authorized', extensions: { reason: 'You may not do that' } })).toBe(
      'You may not do that',
    );
    expect(authorizationText({ message: 'not-authorized', extensions: { reason: '' } })).toBe('not-authorized');
    expect(authorizationText({ message: 'not-authorized' })).toBe('not-authorized');
  });
});

describe('loginErrorMessage and errorCause', () => {
  it('finds the sign-in message among the errors', () => {
    const error = new CombinedError({
      graphQLErrors: [new GraphQLError('Email is invalid or missing', { path: ['login'] })],
    });
    expect(loginErrorMessage(error)).toBe('Email is invalid or missing');
    expect(loginErrorMessage(undefined)).toBeNull();
  });

  it('reads a cause without urql prefixes', () => {
    const graphQLError = new CombinedError({
      graphQLErrors: [new GraphQLError('not-authorized', { extensions: { category: 'authorization', reason: 'Token expired' } })],
    });
    expect(errorCause(graphQLError)).toBe('Token expired');
    const networkError = new CombinedError({ networkError: new Error('Request failed with status code 502') });
    expect(errorCause(networkError)).toBe('Request failed with status code 502');
  });
});

describe('validationMessages', () => {
  it('keys the first message of each field by its path after the prefix', () => {
    const error = new CombinedError({
      graphQLErrors: [
        new GraphQLError('Name contains a character that is not allowed: "/".', {
          extensions: {
            category: 'validation',
            validation: { 'input.name': ['Name contains a character that is not allowed: "/".', 'second'], 'children.0.name': ['x'] },
          },
        }),
      ],
    });
    expect(validationMessages(error)).toEqual({ name: 'Name contains a character that is not allowed: "/".' });
    expect(validationMessages(error, '')).toEqual({ 'input.name': 'Name contains a character that is not allowed: "/".', 'children.0.name': 'x' });
    expect(validationMessages(undefined)).toEqual({});
  });
});

describe('hasErrorCode and throttleWaitMs', () => {
  const failed = (...extensions: Record<string, unknown>[]) =>
    new CombinedError({ graphQLErrors: extensions.map((e) => new GraphQLError('refused', { extensions: e })) });

  it('finds a code among the errors of a request', () => {
    expect(hasErrorCode(failed({ code: 'VALIDATION' }, { code: 'REVIEW_LOCKED' }), 'REVIEW_LOCKED')).toBe(true);
    expect(hasErrorCode(failed({ code: 'VALIDATION' }), 'REVIEW_LOCKED')).toBe(false);
    expect(hasErrorCode(undefined, 'REVIEW_LOCKED')).toBe(false);
  });

  it('reads how long a throttle lasts, in seconds or minutes, and nothing for other failures', () => {
    expect(throttleWaitMs(failed({ code: 'RATE_LIMITED', retryAfter: 12 }))).toBe(12_000);
    expect(throttleWaitMs(failed({ code: 'THROTTLED_ACCOUNT', retryAfterMinutes: 3 }))).toBe(180_000);
    expect(throttleWaitMs(failed({ code: 'THROTTLED_ADDRESS' }))).toBe(60_000);
    expect(throttleWaitMs(failed({ code: 'WRONG_CREDENTIALS' }))).toBeNull();
    expect(throttleWaitMs(undefined)).toBeNull();
  });
});
