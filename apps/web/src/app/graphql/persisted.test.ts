import { formatDocument, stringifyDocument } from '@urql/core';
import { describe, expect, it } from 'vitest';
import persisted from '../../../persisted-operations.json';
import { MeQuery } from '../../features/member/graphql';
import { documentHash } from './client';

describe('documentHash', () => {
  it('is the sha256 the server knows the document by, for the text urql sends', async () => {
    const text = stringifyDocument(formatDocument(MeQuery));
    const hash = await documentHash(text);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect((persisted as Record<string, string>)[hash]).toBe(text);
  });

  it('is the standard sha256, with Web Crypto and without it (plain http on another host)', async () => {
    const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(await documentHash('abc')).toBe(abc);
    expect(await documentHash('abc', null)).toBe(abc);
    const text = 'query Été { me { MemberID } } # ünïcode';
    expect(await documentHash(text, null)).toBe(await documentHash(text));
  });
});
