import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { documentEncoding, loadAppDocuments, paintSettingsOf } from './app-documents';

const INDEX = '<!doctype html><html><head><title>Corner</title></head><body><div id="root"></div></body></html>';
const PLACEHOLDER = 'https://main-site.corner.invalid';
const CREATOR_STYLE = '<style data-mantine-styles="true">:root{--mantine-primary-color-filled:var(--mantine-color-indigo-filled)}</style>';
const ADMIN_STYLE = '<style data-mantine-styles="true">:root{--mantine-primary-color-filled:var(--mantine-color-grape-filled)}</style>';
const PRERENDERED = {
  mainSitePlaceholder: PLACEHOLDER,
  themeStyle: CREATOR_STYLE,
  themeStyles: { creator: CREATOR_STYLE, admin: ADMIN_STYLE },
  pages: {
    '/my-creations': { title: 'My creations · Corner', root: `${CREATOR_STYLE}<main><h1>My creations</h1><a href="${PLACEHOLDER}">Main site</a></main>` },
    '/staff/payments': { title: 'Payments & <lists> · Corner', root: '<main><h1>Payments</h1></main>' },
  },
  staff: { title: null, root: `<header>staff's corner <a href="${PLACEHOLDER}">x</a></header>` },
  creator: { title: null, root: "<header>creator's corner</header>" },
  signedOut: { title: null, root: '<header>sign in</header>' },
};

const folders: string[] = [];
function dist(files: Record<string, string>): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-documents-'));
  folders.push(folder);
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), content);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

const html = (documents: ReturnType<typeof loadAppDocuments>, pathname: string) => documents!.documentFor(pathname).body('identity').toString();

describe('loadAppDocuments', () => {
  const prerendered = () => loadAppDocuments(dist({ 'index.html': INDEX, 'prerendered.json': JSON.stringify(PRERENDERED) }), 'https://site.example/?a=1&b="2"');

  it('puts a page’s first paint and title into index.html, with the main site’s address escaped', () => {
    const page = html(prerendered(), '/my-creations');
    expect(page).toBe(
      `<!doctype html><html><head><title>My creations · Corner</title></head><body><div id="root">${CREATOR_STYLE}<main><h1>My creations</h1>` +
        '<a href="https://site.example/?a=1&amp;b=&quot;2&quot;">Main site</a></main></div></body></html>',
    );
    expect(html(prerendered(), '/staff/payments')).toContain('<title>Payments &amp; &lt;lists&gt; · Corner</title>');
  });

  it('matches a page with a trailing slash, and gives other paths their area’s shell', () => {
    const documents = prerendered();
    expect(html(documents, '/my-creations/')).toContain('<h1>My creations</h1>');
    expect(html(documents, '/staff/review/12')).toContain("staff's corner");
    expect(html(documents, '/staff/review/12')).toContain('<title>Corner</title>');
    expect(html(documents, '/staff')).toContain("staff's corner");
    expect(html(documents, '/my-creations/edit/step-1/item/3')).toContain("creator's corner");
    expect(html(documents, '/')).toContain("creator's corner");
    expect(html(documents, '/staffroom')).toContain("creator's corner");
    for (const pathname of ['/login', '/login/', '/login/from-site']) expect(html(documents, pathname), pathname).toContain('sign in');
  });

  it('compresses each document once, to the same content, under one validator', () => {
    const document = prerendered()!.documentFor('/my-creations');
    const identity = document.body('identity');
    expect(zlib.brotliDecompressSync(document.body('br'))).toEqual(identity);
    expect(zlib.gunzipSync(document.body('gzip'))).toEqual(identity);
    expect(document.body('br')).toBe(document.body('br'));
    expect(document.etag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(prerendered()!.documentFor('/staff/payments').etag).not.toBe(document.etag);
  });

  it('draws <html> in the colour scheme and with the side menu the app last used', () => {
    const documents = prerendered()!;
    const dark = documents.documentFor('/my-creations', { colorScheme: 'dark', isSideMenuNarrow: true });
    expect(dark.body('identity').toString()).toMatch(/^<!doctype html><html data-mantine-color-scheme="dark" data-side-menu-collapsed><head><title>My creations/);
    expect(documents.documentFor('/my-creations', { colorScheme: 'light', isSideMenuNarrow: false }).body('identity').toString()).toContain(
      '<html data-mantine-color-scheme="light"><head>',
    );
    expect(documents.documentFor('/my-creations').body('identity').toString()).toContain('<html><head>');
    expect(documents.documentFor('/my-creations', { colorScheme: 'dark', isSideMenuNarrow: true })).toBe(dark);
    expect(dark.etag).not.toBe(documents.documentFor('/my-creations').etag);
  });

  it('draws the theme variables of the role the app last drew, and the creator’s for a theme it does not know', () => {
    const documents = prerendered()!;
    const admin = documents.documentFor('/my-creations', { colorScheme: null, isSideMenuNarrow: false, theme: 'admin' }).body('identity').toString();
    expect(admin).toContain(`<div id="root">${ADMIN_STYLE}<main>`);
    expect(admin).not.toContain(CREATOR_STYLE);
    for (const theme of ['sa', 'toString', '__proto__', null]) {
      const page = documents.documentFor('/my-creations', { colorScheme: null, isSideMenuNarrow: false, theme }).body('identity').toString();
      expect(page, String(theme)).toContain(`<div id="root">${CREATOR_STYLE}<main>`);
    }
  });

  it('serves index.html as it is without a prerender, and nothing without a build', () => {
    const plain = loadAppDocuments(dist({ 'index.html': INDEX }), 'https://site.example');
    expect(html(plain, '/my-creations')).toBe(INDEX);
    expect(loadAppDocuments(dist({}), 'https://site.example')).toBeNull();
  });

  it('refuses a prerender it cannot read, naming the file', () => {
    const folder = dist({ 'index.html': INDEX, 'prerendered.json': JSON.stringify({ pages: {} }) });
    expect(() => loadAppDocuments(folder, 'https://site.example')).toThrow(/prerendered\.json is not a prerender/);
  });
});

describe('paintSettingsOf', () => {
  it('reads the web app’s two cookies among others, and nothing it does not know', () => {
    expect(paintSettingsOf('a=1; corner-color-scheme=dark; corner-side-menu=narrow; corner-theme=admin')).toEqual({
      colorScheme: 'dark',
      isSideMenuNarrow: true,
      theme: 'admin',
    });
    expect(paintSettingsOf('corner-color-scheme=light;corner-side-menu=wide')).toEqual({ colorScheme: 'light', isSideMenuNarrow: false, theme: null });
    expect(paintSettingsOf('corner-color-scheme="><script>; corner-side-menu; corner-theme=a%3Cb')).toEqual({
      colorScheme: null,
      isSideMenuNarrow: false,
      theme: null,
    });
    expect(paintSettingsOf(undefined)).toEqual({ colorScheme: null, isSideMenuNarrow: false, theme: null });
  });
});

describe('documentEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(documentEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(documentEncoding('gzip')).toBe('gzip');
    expect(documentEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(documentEncoding('*')).toBe('gzip');
    expect(documentEncoding('br;q=0,gzip;q=0')).toBe('identity');
    expect(documentEncoding('identity')).toBe('identity');
    expect(documentEncoding(undefined)).toBe('identity');
  });
});
