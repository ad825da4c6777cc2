/**
 * What the server and the web app agree on to draw a page before its scripts run (the web app's
 * app/prerender, the server's http/app-documents.ts).
 */

/** The portal's two corners (SPEC section 1): staff's corner under /staff, creator's corner elsewhere. */
export type Area = 'creator' | 'staff';

export function areaOf(pathname: string): Area {
  return pathname === '/staff' || pathname.startsWith('/staff/') ? 'staff' : 'creator';
}

/**
 * The cookies the web app writes of how it last drew a page, which the server reads with the
 * request for the next one: the colour scheme (`light` or `dark`), the role theme's name and the
 * side menu's width (`narrow` or `wide`). None is a secret.
 */
export const FIRST_PAINT_COOKIES = {
  colorScheme: 'corner-color-scheme',
  theme: 'corner-theme',
  sideMenu: 'corner-side-menu',
} as const;
