import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLegacyRowsPostgres } from '../../seed/legacy';
import { buildMember, buildSubmission } from '../../test/factories';
import { useTestServer } from '../../test/server';
import { isPrivateAddress } from './page-source';

const server = useTestServer();
/** A second portal whose configuration allows private addresses, to fetch the local test page. */
const permissive = useTestServer({ PAGE_SOURCE_ALLOW_PRIVATE: 'true', PAGE_SOURCE_TIMEOUT_MS: '400', PAGE_SOURCE_MAX_BYTES: '4096' });
let token: string;
let permissiveToken: string;
let site: http.Server;
let base: string;

beforeAll(async () => {
  const m = await buildMember(server.database.db, { username: 'Searcher' });
  token = await server.tokenFor(m.id);
  permissiveToken = await permissive.tokenFor((await buildMember(permissive.database.db)).id);
  site = http.createServer((req, res) => {
    if (req.url === '/sofa') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<html><head><meta property="og:title" content="Velvet Sofa"><meta property="og:image" content="/sofa.jpg"></head></html>');
    }
    if (req.url === '/moved') {
      res.writeHead(302, { location: '/sofa' });
      return res.end();
    }
    if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<meta property="og:title" content="Big page">');
      for (let i = 0; i < 100; i++) res.write('x'.repeat(1000));
      return res.end();
    }
    if (req.url === '/slow') return; // never answers
    if (req.url === '/file.zip') {
      res.writeHead(200, { 'content-type': 'application/zip' });
      return res.end('PK');
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => {
  site.closeAllConnections();
  site.close();
});

const PAGE = 'query ($url: String!) { getPageSource(url: $url) }';

describe('getPageSource', () => {
  it('returns the HTML of a page, following redirects', async () => {
    const res = await permissive.gql<{ getPageSource: string }>(PAGE, { url: `${base}/moved` }, { token: permissiveToken });
    expect(res.errors).toBeUndefined();
    expect(res.data!.getPageSource).toContain('og:title" content="Velvet Sofa"');
  });

  it('refuses private and loopback addresses by default, also behind a host name', async () => {
    for (const url of [`${base}/sofa`, 'http://localhost:1/', 'http://10.1.2.3/', 'http://[::1]/', 'http://169.254.169.254/latest/meta-data/']) {
      const res = await server.gql(PAGE, { url }, { token });
      expect(res.errors![0], url).toMatchObject({ extensions: { code: 'PAGE_SOURCE_NOT_ALLOWED' } });
    }
  });

  it('gives clear errors for other schemes, timeouts, non-pages and failures', async () => {
    expect((await server.gql(PAGE, { url: 'file:///etc/passwd' }, { token })).errors![0]!.extensions!.code).toBe('PAGE_SOURCE_NOT_A_URL');
    const slow = await permissive.gql(PAGE, { url: `${base}/slow` }, { token: permissiveToken });
    expect(slow.errors![0]!.message).toBe('Could not load url to grab item data: the page took too long to answer.');
    const zip = await permissive.gql(PAGE, { url: `${base}/file.zip` }, { token: permissiveToken });
    expect(zip.errors![0]!.extensions!.code).toBe('PAGE_SOURCE_NOT_HTML');
    const missing = await permissive.gql(PAGE, { url: `${base}/missing` }, { token: permissiveToken });
    expect(missing.errors![0]!.message).toBe('Could not load url to grab item data (the page answered 404)');
  });

  it('reads at most the configured size', async () => {
    const res = await permissive.gql<{ getPageSource: string }>(PAGE, { url: `${base}/huge` }, { token: permissiveToken });
    expect(res.data!.getPageSource.length).toBe(4096);
    expect(res.data!.getPageSource).toContain('Big page');
  });

  it('knows the private ranges', () => {
    for (const a of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.1.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '100.64.0.1']) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '172.32.0.1']) expect(isPrivateAddress(a), a).toBe(false);
  });
});

describe('searchSubmissionDependencies', () => {
  const SEARCH = 'query ($p: String!) { searchSubmissionDependencies(phrase: $p) { submissions { id name } legacy_items { ID title creator } } }';

  beforeAll(async () => {
    const db = server.database.db;
    const maker = await buildMember(db, { username: 'Velvetine' });
    const past = new Date(Date.now() - 86_400_000);
    for (let i = 1; i <= 7; i++) await buildSubmission(db, maker.id, { name: `Velvet cushion ${i}`, status: 'APPROVED', publish_at: past });
    await buildSubmission(db, maker.id, { name: 'Velvet secret draft', status: 'CREATED' });
    // The embedded legacy source's tables (the default engine): a live item, a hidden one, a scheduled one.
    const item = { description: '', keywords: '', game: 4, reports: 0, uploads: 0, member_id: 90_001 };
    await insertLegacyRowsPostgres(db, {
      members: [{ id: 90_001, username: 'OldTimer', email: null }],
      items: [
        { ...item, id: 4501, title: 'Velvet armchair (classic)', status: 'published', publish_date: past, is_hidden: false },
        { ...item, id: 4502, title: 'Velvet hidden', status: 'published', publish_date: past, is_hidden: true },
        { ...item, id: 4503, title: 'Velvet next week', status: 'published', publish_date: new Date(Date.now() + 7 * 86_400_000), is_hidden: false },
      ],
    });
  });

  it('like-matches names, keywords and creators; at most 5 from each search; drafts of others stay hidden', async () => {
    const res = await server.gql(SEARCH, { p: 'velvet' }, { token });
    const r = res.data!.searchSubmissionDependencies;
    expect(r.submissions).toHaveLength(5);
    expect(r.submissions.every((s: any) => s.name.startsWith('Velvet cushion'))).toBe(true);
    expect(r.legacy_items).toEqual([{ ID: 4501, title: 'Velvet armchair (classic)', creator: 'OldTimer' }]);
    // Legacy items by their creator's name too.
    const byOldCreator = await server.gql(SEARCH, { p: 'oldtim' }, { token });
    expect(byOldCreator.data!.searchSubmissionDependencies.legacy_items.map((l: any) => l.ID)).toEqual([4501]);
    const byCreator = await server.gql(SEARCH, { p: 'velvetine' }, { token });
    expect(byCreator.data!.searchSubmissionDependencies.submissions.length).toBe(5);
  });

  it('searches by id for numbers, needs 3 characters otherwise, and finds nothing politely', async () => {
    const byId = await server.gql(SEARCH, { p: '4501' }, { token });
    expect(byId.data!.searchSubmissionDependencies.legacy_items.map((l: any) => l.ID)).toEqual([4501]);
    // Hidden and not yet published legacy items are not found by id either.
    for (const hiddenOrScheduled of ['4502', '4503']) {
      expect((await server.gql(SEARCH, { p: hiddenOrScheduled }, { token })).data!.searchSubmissionDependencies.legacy_items).toEqual([]);
    }
    const short = await server.gql(SEARCH, { p: 've' }, { token });
    expect(short.errors![0]!.message).toBe('Type at least 3 characters to search.');
    const none = await server.gql(SEARCH, { p: 'zzzqqq' }, { token });
    expect(none.data!.searchSubmissionDependencies).toEqual({ submissions: [], legacy_items: [] });
  });
});
