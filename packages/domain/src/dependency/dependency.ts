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

/** A main-site URL containing /id/{digits}/ is reduced to that id (SPEC section 7). */
export function mainSiteItemId(url: string): number | null {
  const match = /\/id\/(\d+)\//.exec(url);
  return match ? Number(match[1]) : null;
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
