import { useSyncExternalStore } from 'react';

/** Used until (or if never) GET /config.json answers. */
export const FALLBACK_MAIN_SITE_URL = 'https://example.com';

/** The runtime configuration the server publishes at GET /config.json. */
export interface SiteConfig {
  /** The public site the header link, item links and logout go back to (MAIN_SITE_URL). */
  mainSiteUrl: string;
  /** How long a request may take before it fails with "timeout of {n}ms exceeded"; 0 for no limit (HTTP_TIMEOUT_MS). */
  httpTimeoutMs: number;
  /** On a demo instance (SEED_DEMO): its sign-ins and what to try with each; null on a real one. */
  demo?: DemoConfig | null;
}

export interface DemoConfig {
  password: string;
  members: { email: string; what: string; tryThis: string }[];
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
  const httpTimeoutMs = typeof timeout === 'number' && Number.isInteger(timeout) && timeout > 0 ? timeout : 0;
  const demo = readDemo(fields.demo);
  return demo ? { mainSiteUrl: url, httpTimeoutMs, demo } : { mainSiteUrl: url, httpTimeoutMs };
}

function readDemo(value: unknown): DemoConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const { password, members } = value as Record<string, unknown>;
  if (typeof password !== 'string' || !Array.isArray(members)) return null;
  const valid = members.filter(
    (m): m is DemoConfig['members'][number] => typeof m === 'object' && m !== null && ['email', 'what', 'tryThis'].every((k) => typeof (m as Record<string, unknown>)[k] === 'string'),
  );
  return { password, members: valid };
}

/** Puts `next` in place of the current configuration. */
export function applySiteConfig(next: SiteConfig): void {
  config = next;
  for (const listener of listeners) listener();
}

/** Reads /config.json once at start-up; on any failure the fallback stays in place. */
export async function loadSiteConfig(): Promise<void> {
  try {
    const response = await fetch('/config.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`Request failed with status code ${response.status}`);
    applySiteConfig(readSiteConfig(await response.json()));
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
