import { useSyncExternalStore } from 'react';

/** Used until (or if never) GET /config.json answers. */
export const FALLBACK_MAIN_SITE_URL = 'https://example.com';

/** The runtime configuration the server publishes at GET /config.json. */
export interface SiteConfig {
  /** The public site the header link, item links and logout go back to (MAIN_SITE_URL). */
  mainSiteUrl: string;
  /** How long a request may take before it fails with "timeout of {n}ms exceeded"; 0 for no limit (HTTP_TIMEOUT_MS). */
  httpTimeoutMs: number;
}

let config: SiteConfig = { mainSiteUrl: FALLBACK_MAIN_SITE_URL, httpTimeoutMs: 0 };
const listeners = new Set<() => void>();

export function getSiteConfig(): SiteConfig {
  return config;
}

/** Reads a /config.json body. A missing or wrong main site URL is an error; a missing timeout means none. */
export function readSiteConfig(body: unknown): SiteConfig {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const url = fields.mainSiteUrl;
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) throw new Error('mainSiteUrl is missing');
  const timeout = fields.httpTimeoutMs;
  return { mainSiteUrl: url, httpTimeoutMs: typeof timeout === 'number' && Number.isInteger(timeout) && timeout > 0 ? timeout : 0 };
}

/** Reads /config.json once at start-up; on any failure the fallback stays in place. */
export async function loadSiteConfig(): Promise<void> {
  try {
    const response = await fetch('/config.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`Request failed with status code ${response.status}`);
    config = readSiteConfig(await response.json());
    for (const listener of listeners) listener();
  } catch (error) {
    console.warn('Could not load /config.json; using the fallback main site URL', error);
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSiteConfig(): SiteConfig {
  return useSyncExternalStore(subscribe, getSiteConfig, getSiteConfig);
}
