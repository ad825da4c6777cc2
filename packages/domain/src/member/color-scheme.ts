/**
 * How the portal looks for a member: `auto` follows the device's light or dark setting, the others
 * hold one. Kept per member (Preferences), applied on every device they sign in on.
 *
 * In a file of its own, without zod: the web app's first download reads it, and zod must not make
 * a schema before the app has turned its eval probe off (apps/web/src/app/no-eval.ts).
 */
export const COLOR_SCHEMES = ['auto', 'light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
