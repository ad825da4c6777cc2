import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createUrlSigner, SECRET_FILE } from './signed-url';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-signing-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const at = (iso: string) => new Date(iso);

describe('signed URLs', () => {
  const signer = createUrlSigner({ URL_SIGNING_SECRET: 'a'.repeat(32), DATA_DIR: dataDir, SIGNED_URL_TTL_SECONDS: 3600 });

  it('sign a path until it expires, rounded up to a quarter of the lifetime', () => {
    const url = signer.sign('/7/images/3', at('2026-01-01T10:05:00Z'));
    expect(url).toMatch(/^\/7\/images\/3\?expires=\d+&signature=[\w-]{43}$/);
    const q = query(url);
    expect(Number(q.expires)).toBe(Date.parse('2026-01-01T11:15:00Z') / 1000);
    // The same URL for a while, so browsers can cache the picture.
    expect(signer.sign('/7/images/3', at('2026-01-01T10:14:00Z'))).toBe(url);
    expect(signer.verify('/7/images/3', q, at('2026-01-01T11:14:59Z'))).toBe(true);
    expect(signer.verify('/7/images/3', q, at('2026-01-01T11:15:00Z'))).toBe(false);
    expect(signer.secondsLeft(q, at('2026-01-01T11:00:00Z'))).toBe(900);
  });

  it('refuse another path, a changed expiry, a forged or missing signature', () => {
    const now = at('2026-01-01T10:00:00Z');
    const q = query(signer.sign('/7/images/3', now));
    expect(signer.verify('/7/images/4', q, now)).toBe(false);
    expect(signer.verify('/7/images/3', { ...q, expires: String(Number(q.expires) + 3600) }, now)).toBe(false);
    expect(signer.verify('/7/images/3', { ...q, signature: q.signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) }, now)).toBe(false);
    expect(signer.verify('/7/images/3', { expires: q.expires }, now)).toBe(false);
    const other = createUrlSigner({ URL_SIGNING_SECRET: 'b'.repeat(32), DATA_DIR: dataDir, SIGNED_URL_TTL_SECONDS: 3600 });
    expect(other.verify('/7/images/3', q, now)).toBe(false);
  });

  it('generate a secret once into DATA_DIR when none is configured, and keep it across restarts', () => {
    const config = { DATA_DIR: dataDir, SIGNED_URL_TTL_SECONDS: 3600 };
    const first = createUrlSigner(config);
    const url = first.sign('/1/files/2_version_1');
    const secret = fs.readFileSync(path.join(dataDir, SECRET_FILE), 'utf8');
    expect(secret.length).toBeGreaterThanOrEqual(43);
    expect((fs.statSync(path.join(dataDir, SECRET_FILE)).mode & 0o777).toString(8)).toBe('600');
    const afterRestart = createUrlSigner(config);
    expect(afterRestart.verify('/1/files/2_version_1', query(url))).toBe(true);
  });
});
