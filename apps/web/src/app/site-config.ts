import { useSyncExternalStore } from 'react';

/** Used until (or if never) GET /config.json answers. */
export const FALLBACK_MAIN_SITE_URL = 'https://example.com';

/** The runtime configuration the server publishes at GET /config.json. */
export interface SiteConfig {
  /** The public site the header link, item links and logout go back to (MAIN_SITE_URL). */
  mainSiteUrl: string;
}

let config: SiteConfig = { mainSiteUrl: FALLBACK_MAIN_SITE_URL };
const listeners = new Set<() => void>();

export function getSiteConfig(): SiteConfig {
  return config;
}

/** Reads /config.json once at start-up; on any failure the fallback stays in place. */
export async function loadSiteConfig(): Promise<void> {
  try {
    const response = await fetch('/config.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`Request failed with status code ${response.status}`);
    const body: unknown = await response.json();
    const url = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).mainSiteUrl : undefined;
    if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) throw new Error('mainSiteUrl is missing');
    config = { mainSiteUrl: url };
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
