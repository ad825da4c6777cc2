import type { Client } from 'urql';
import { LogoutMutation } from './graphql';
import { sessionStore } from './session';

const EXPIRED = 'expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0';

/** The domains a cookie of this page may have been set for: the host and each parent domain. */
function cookieDomains(hostname: string): string[] {
  const parts = hostname.split('.');
  const domains: string[] = [];
  for (let i = 0; i < parts.length - 1; i += 1) domains.push(parts.slice(i).join('.'));
  return domains;
}

/** Expires every cookie this page can see, for the current path, "/" and each parent domain. */
export function clearCookies(): void {
  const names = document.cookie
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter((name) => name !== '');
  for (const name of names) {
    document.cookie = `${name}=; ${EXPIRED}`;
    document.cookie = `${name}=; ${EXPIRED}; path=/`;
    for (const domain of cookieDomains(window.location.hostname)) {
      document.cookie = `${name}=; ${EXPIRED}; path=/; domain=${domain}`;
    }
  }
}

/**
 * Logout (SPEC section 1): tell the server (errors ignored), clear the login cookies and the stored
 * token, and go back to the main site.
 */
export async function logout(client: Client, mainSiteUrl: string): Promise<void> {
  try {
    await client.mutation(LogoutMutation, {}, { silentErrors: true }).toPromise();
  } catch {
    // Logging out must work even when the server cannot be reached.
  }
  clearCookies();
  sessionStore.clear();
  window.location.assign(mainSiteUrl);
}
