import { TOKEN_STORAGE_KEY, TOKEN_VALIDATION_DELAY_MS } from '@corner/domain';
import { describe, expect, it } from 'vitest';
import { createSessionStore, MEMBER_STORAGE_KEY, type SessionMember, type TokenStorage } from './session-store';

function memoryStorage(initial: Record<string, string> = {}): TokenStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
    removeItem: (key) => {
      delete data[key];
    },
  };
}

const member: SessionMember = {
  MemberID: 1,
  UserName: 'Creator',
  Email: 'creator@corner.test',
  minisite_level: null,
  roles: [],
  preferences: { member_id: 1, color_scheme: 'auto', languages: [], expansion_packs: [] },
};

describe('session store', () => {
  it('starts without a token when none is stored', () => {
    const store = createSessionStore(memoryStorage());
    expect(store.getState()).toMatchObject({ token: null, isTokenValidated: false, shouldValidateToken: false });
  });

  it('validates a stored token after the start-up delay', () => {
    const store = createSessionStore(memoryStorage({ [TOKEN_STORAGE_KEY]: 'abc' }));
    expect(store.getState()).toMatchObject({
      token: 'abc',
      isTokenValidated: false,
      shouldValidateToken: true,
      validationDelayMs: TOKEN_VALIDATION_DELAY_MS,
    });
  });

  it('runs one validation at a time and confirms the member', () => {
    const store = createSessionStore(memoryStorage({ [TOKEN_STORAGE_KEY]: 'abc' }));
    expect(store.beginValidation()).toBe('abc');
    expect(store.beginValidation()).toBeNull();
    store.confirm('abc', member);
    expect(store.getState()).toMatchObject({ isTokenValidated: true, member, shouldValidateToken: false });
  });

  it('deletes a refused token, resets the state and flags the failure', () => {
    const storage = memoryStorage({ [TOKEN_STORAGE_KEY]: 'abc' });
    const store = createSessionStore(storage);
    store.beginValidation();
    store.reject('abc');
    expect(storage.data[TOKEN_STORAGE_KEY]).toBeUndefined();
    expect(store.getState()).toMatchObject({ token: null, member: null, hasValidationFailed: true });
    store.acknowledgeFailure();
    expect(store.getState().hasValidationFailed).toBe(false);
  });

  it('ignores the result of a validation for a token that was replaced meanwhile', () => {
    const store = createSessionStore(memoryStorage({ [TOKEN_STORAGE_KEY]: 'old' }));
    store.beginValidation();
    store.signIn('new');
    store.reject('old');
    store.confirm('old', member);
    expect(store.getState()).toMatchObject({ token: 'new', isTokenValidated: false, hasValidationFailed: false });
  });

  it('stores the token on sign-in and validates it at once', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.signIn('tok');
    expect(storage.data[TOKEN_STORAGE_KEY]).toBe('tok');
    expect(store.getState()).toMatchObject({ token: 'tok', shouldValidateToken: true, validationDelayMs: 0 });
  });

  it('re-validates after an authorization error but keeps the member meanwhile', () => {
    const store = createSessionStore(memoryStorage({ [TOKEN_STORAGE_KEY]: 'abc' }));
    store.beginValidation();
    store.confirm('abc', member);
    store.requestValidation();
    expect(store.getState()).toMatchObject({ isTokenValidated: false, shouldValidateToken: true, member });
  });

  it('does not ask for validation without a token', () => {
    const store = createSessionStore(memoryStorage());
    store.requestValidation();
    expect(store.getState().shouldValidateToken).toBe(false);
  });

  it('clears the token on logout', () => {
    const storage = memoryStorage({ [TOKEN_STORAGE_KEY]: 'abc' });
    const store = createSessionStore(storage);
    store.clear();
    expect(storage.data[TOKEN_STORAGE_KEY]).toBeUndefined();
    expect(store.getState().token).toBeNull();
  });

  it('survives a storage that throws', () => {
    const broken: TokenStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const store = createSessionStore(broken);
    expect(store.getState().token).toBeNull();
    store.signIn('tok');
    expect(store.getState().token).toBe('tok');
  });

  describe('the member of a stored token, kept between visits', () => {
    const token = 'a-long-random-session-token-0123456789';

    it('is kept on confirmation and drawn at once on the next visit, while the token is still checked', () => {
      const storage = memoryStorage({ [TOKEN_STORAGE_KEY]: token });
      const first = createSessionStore(storage);
      first.beginValidation();
      first.confirm(token, member);
      expect(storage.data[MEMBER_STORAGE_KEY]).not.toContain(token);

      const next = createSessionStore(storage);
      expect(next.getState()).toMatchObject({ token, member, isTokenValidated: false, shouldValidateToken: true, validationDelayMs: TOKEN_VALIDATION_DELAY_MS });
    });

    it('stays the same object when the check answers the same member, and is replaced when it answers another', () => {
      const storage = memoryStorage({ [TOKEN_STORAGE_KEY]: token });
      createSessionStore(storage).confirm(token, member);
      const next = createSessionStore(storage);
      const kept = next.getState().member;
      next.beginValidation();
      next.confirm(token, structuredClone(member));
      expect(next.getState()).toMatchObject({ isTokenValidated: true });
      expect(next.getState().member).toBe(kept);

      const renamed = { ...member, UserName: 'Renamed' };
      next.requestValidation();
      next.beginValidation();
      next.confirm(token, renamed);
      expect(next.getState().member).toBe(renamed);
    });

    it('is not used for another token', () => {
      const storage = memoryStorage({ [TOKEN_STORAGE_KEY]: token });
      const first = createSessionStore(storage);
      first.confirm(token, member);
      storage.data[TOKEN_STORAGE_KEY] = 'another-token-of-someone-else-9876543210';
      expect(createSessionStore(storage).getState()).toMatchObject({ member: null, shouldValidateToken: true });
    });

    it('is dropped when the token is refused, on logout and on a new sign-in', () => {
      for (const end of ['reject', 'clear', 'signIn'] as const) {
        const storage = memoryStorage({ [TOKEN_STORAGE_KEY]: token });
        const store = createSessionStore(storage);
        store.confirm(token, member);
        expect(storage.data[MEMBER_STORAGE_KEY]).toBeDefined();
        if (end === 'reject') store.reject(token);
        else if (end === 'clear') store.clear();
        else store.signIn('a-new-token-after-signing-in-again-000');
        expect(storage.data[MEMBER_STORAGE_KEY], end).toBeUndefined();
        expect(store.getState().member, end).toBeNull();
      }
    });

    it('is ignored when unreadable', () => {
      for (const kept of ['{not json', JSON.stringify({ tag: token.slice(-16), member: { UserName: 'no id' } }), 'null']) {
        const store = createSessionStore(memoryStorage({ [TOKEN_STORAGE_KEY]: token, [MEMBER_STORAGE_KEY]: kept }));
        expect(store.getState()).toMatchObject({ token, member: null, shouldValidateToken: true });
      }
    });
  });
});
