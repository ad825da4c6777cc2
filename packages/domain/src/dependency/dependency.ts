/** Minimum length of a content search phrase (SPEC section 9). */
export const MIN_SEARCH_LENGTH = 3;
/** At most this many results from each of the two searches (portal and legacy). */
export const MAX_RESULTS_PER_SEARCH = 5;

/** A phrase counts as a URL if it parses as http or https (SPEC section 5). */
export function asHttpUrl(phrase: string): URL | null {
  try {
    const url = new URL(phrase.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** A numeric phrase greater than 0 searches by id (SPEC section 9). */
export function asSearchId(phrase: string): number | null {
  const trimmed = phrase.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** A host without its "www." (the main site answers on both). */
function bareHost(host: string): string {
  return host.toLowerCase().replace(/^www\./, '');
}

/**
 * The item id of a main-site URL: one on the main site's own host (MAIN_SITE_URL's, "www." aside)
 * whose path holds /id/{digits}/ (SPEC 7). Any other address, whatever its path, is not an item.
 */
export function mainSiteItemId(url: string, mainSiteUrl: string): number | null {
  const parsed = asHttpUrl(url);
  const site = asHttpUrl(mainSiteUrl);
  if (!parsed || !site || bareHost(parsed.host) !== bareHost(site.host)) return null;
  const match = /\/id\/(\d+)\//.exec(parsed.pathname.endsWith('/') ? parsed.pathname : `${parsed.pathname}/`);
  const id = match ? Number(match[1]) : 0;
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** The main website's page of one of its items (an `id` required item, a published creation, a search result). */
export function mainSiteItemUrl(mainSiteUrl: string, id: number): string {
  return `${mainSiteUrl.replace(/\/+$/, '')}/downloads/details/id/${id}/`;
}

/**
 * A required download as it is stored: a web address of an item of the main site becomes a required
 * item of type `id` with that item's id; everything else is kept as given (trimmed).
 */
export function normaliseRequiredItem<T extends { type: 'url' | 'id' | 'old_item_id'; download: string }>(item: T, mainSiteUrl: string): T {
  const download = item.download.trim();
  if (item.type !== 'url') return { ...item, download };
  const id = mainSiteItemId(download, mainSiteUrl);
  return id === null ? { ...item, download } : { ...item, type: 'id', download: String(id) };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

function decode(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (whole, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return ENTITIES[code] ?? String.fromCodePoint(Number(code.slice(1)));
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/**
 * The og:title and og:image of an HTML page (falling back to <title>), read with a tolerant scan of
 * <meta> tags in any attribute order. Relative image URLs are resolved against `base`.
 */
export function readOpenGraph(html: string, base?: string): { title: string | null; image: string | null } {
  const metas = html.match(/<meta\b[^>]*>/gi) ?? [];
  const values: Record<string, string> = {};
  for (const tag of metas) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
    const key = attr('property') ?? attr('name');
    const content = attr('content');
    if (!key || !content) continue;
    const k = (key[2] ?? key[3] ?? key[4] ?? '').toLowerCase();
    if (!(k in values)) values[k] = decode(content[2] ?? content[3] ?? content[4] ?? '').trim();
  }
  const titleTag = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const title = values['og:title'] || values['twitter:title'] || (titleTag ? decode(titleTag).trim() : '') || null;
  let image = values['og:image'] || values['og:image:url'] || values['twitter:image'] || null;
  if (image && base) {
    try {
      image = new URL(image, base).toString();
    } catch {
      image = null;
    }
  }
  return { title, image };
}
