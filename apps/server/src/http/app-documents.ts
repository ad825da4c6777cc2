import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { areaOf, FIRST_PAINT_COOKIES } from '@corner/domain';

/**
 * The HTML of each app route: the built index.html with the page's first paint in `#root`
 * (`prerendered.json`, written by the web build from src/app/prerender/prerender.tsx) and the page's
 * title, and the main site's address in place of the build's placeholder. `<html>` carries the
 * colour scheme the app last drew in and the narrow side menu, and the theme variables are those of
 * the member's role, from the cookies the app keeps (first-paint-settings.tsx): the first paint is
 * already dark for a member in dark mode, and in a staff member's accent.
 * Composed once per document and settings, and compressed on first use.
 */

/** How the member's browser last drew the app, as far as the first paint needs it. */
export interface PaintSettings {
  colorScheme: 'light' | 'dark' | null;
  isSideMenuNarrow: boolean;
  /** A role theme's name as the app wrote it; one the build does not know is ignored. */
  theme?: string | null;
}

/** The paint settings in a Cookie header; anything unknown is left out. */
export function paintSettingsOf(cookieHeader: string | undefined): PaintSettings {
  const cookies = new Map<string, string>();
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const scheme = cookies.get(FIRST_PAINT_COOKIES.colorScheme);
  const theme = cookies.get(FIRST_PAINT_COOKIES.theme);
  return {
    colorScheme: scheme === 'light' || scheme === 'dark' ? scheme : null,
    isSideMenuNarrow: cookies.get(FIRST_PAINT_COOKIES.sideMenu) === 'narrow',
    theme: theme !== undefined && /^[A-Za-z]{1,40}$/.test(theme) ? theme : null,
  };
}

interface PrerenderedDocument {
  title: string | null;
  root: string;
}

interface PrerenderedPages {
  mainSitePlaceholder: string;
  /** The theme variables in every document (the creator's), and each role theme's, by name. */
  themeStyle: string;
  themeStyles: Record<string, string>;
  pages: Record<string, PrerenderedDocument>;
  staff: PrerenderedDocument;
  creator: PrerenderedDocument;
  signedOut: PrerenderedDocument;
}

export type DocumentEncoding = 'br' | 'gzip' | 'identity';

export interface AppDocument {
  /** A weak validator: the same for every encoding of one document. */
  etag: string;
  body(encoding: DocumentEncoding): Buffer;
}

export interface AppDocuments {
  /** The document for an app route's path (no query), drawn with `settings`. */
  documentFor(pathname: string, settings?: PaintSettings): AppDocument;
}

const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
const HTML_TAG = /<html([^>]*)>/;
const NO_SETTINGS: PaintSettings = { colorScheme: null, isSideMenuNarrow: false };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function isPrerenderedPages(value: unknown): value is PrerenderedPages {
  const v = value as Partial<PrerenderedPages> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.mainSitePlaceholder === 'string' &&
    typeof v.themeStyle === 'string' &&
    typeof v.themeStyles === 'object' &&
    typeof v.pages === 'object' &&
    [v.staff, v.creator, v.signedOut].every((d) => typeof d?.root === 'string')
  );
}

function makeDocument(html: string): AppDocument {
  const identity = Buffer.from(html);
  const bodies = new Map<DocumentEncoding, Buffer>([['identity', identity]]);
  return {
    etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
    body(encoding) {
      let body = bodies.get(encoding);
      if (!body) {
        body =
          encoding === 'br'
            ? zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } })
            : zlib.gzipSync(identity, { level: 9 });
        bodies.set(encoding, body);
      }
      return body;
    },
  };
}

/** Without a trailing slash (but "/" itself), as the app's routes match. */
function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/**
 * Reads `dist/index.html` and, when the build wrote it, `dist/prerendered.json`; null without an
 * index.html. A build without prerendered pages serves index.html as it is for every route.
 */
export function loadAppDocuments(dist: string, mainSiteUrl: string): AppDocuments | null {
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const index = fs.readFileSync(indexFile, 'utf8');
  const prerenderedFile = path.join(dist, 'prerendered.json');
  const prerendered: unknown = fs.existsSync(prerenderedFile) ? JSON.parse(fs.readFileSync(prerenderedFile, 'utf8')) : null;
  if (prerendered !== null && !isPrerenderedPages(prerendered)) throw new Error(`${prerenderedFile} is not a prerender of this version; run "npm run build"`);

  /** One document's HTML, and its variants by paint settings, made when first asked for. */
  const variants = (html: string) => {
    const made = new Map<string, AppDocument>();
    return ({ colorScheme, isSideMenuNarrow, theme }: PaintSettings) => {
      const themeStyle = theme && prerendered && Object.hasOwn(prerendered.themeStyles, theme) ? prerendered.themeStyles[theme] : undefined;
      const key = `${colorScheme}|${isSideMenuNarrow}|${themeStyle ? theme : ''}`;
      let document = made.get(key);
      if (!document) {
        const attributes = `${colorScheme ? ` data-mantine-color-scheme="${colorScheme}"` : ''}${isSideMenuNarrow ? ' data-side-menu-collapsed' : ''}`;
        let variant = attributes ? html.replace(HTML_TAG, (_, own: string) => `<html${own}${attributes}>`) : html;
        if (themeStyle && prerendered) variant = variant.replace(prerendered.themeStyle, () => themeStyle);
        document = makeDocument(variant);
        made.set(key, document);
      }
      return document;
    };
  };

  if (prerendered === null || !index.includes(ROOT)) {
    const plain = variants(index);
    return { documentFor: (_, settings = NO_SETTINGS) => plain(settings) };
  }
  const compose = ({ title, root }: PrerenderedDocument) => {
    const filled = root.split(prerendered.mainSitePlaceholder).join(escapeHtml(mainSiteUrl));
    const titled = title === null ? index : index.replace(TITLE, `<title>${escapeHtml(title)}</title>`);
    return variants(titled.replace(ROOT, `<div id="root">${filled}</div>`));
  };
  const pages = new Map(Object.entries(prerendered.pages).map(([pathname, document]) => [pathname, compose(document)]));
  const staff = compose(prerendered.staff);
  const creator = compose(prerendered.creator);
  const signedOut = compose(prerendered.signedOut);
  return {
    documentFor(pathname, settings = NO_SETTINGS) {
      const normalised = normalise(pathname);
      const page = pages.get(normalised);
      if (page) return page(settings);
      if (normalised === '/login' || normalised.startsWith('/login/')) return signedOut(settings);
      return (areaOf(normalised) === 'staff' ? staff : creator)(settings);
    },
  };
}

/** The best encoding `acceptEncoding` allows: brotli, then gzip, then none. */
export function documentEncoding(acceptEncoding: string | undefined): DocumentEncoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') || accepted.has('*') ? 'gzip' : 'identity';
}
