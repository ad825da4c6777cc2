import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { routes } from '../router';
import { THEME_ACCENTS } from '../theme';
import { FIRST_PAINT_ATTRIBUTE } from './first-paint';
import { FIRST_PAINT_PAGES } from './first-paint-pages';
import { MAIN_SITE_PLACEHOLDER, prerenderPages } from './prerender';

const prerendered = await prerenderPages();
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');

describe('prerenderPages', () => {
  it.each(FIRST_PAINT_PAGES.map((page) => [page.path, page] as const))('draws %s with its own heading and description', (path, page) => {
    const document = prerendered.pages[path];
    expect(document).toBeDefined();
    const title = i18n.t(page.title);
    // A missing text comes back as its key.
    expect(title).not.toBe(page.title);
    expect(document!.title).toBe(`${title} · Corner`);
    expect(document!.root).toMatch(new RegExp(`<h1[^>]*>${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(document!.root).toContain(`${FIRST_PAINT_ATTRIBUTE}=""`);
    if (page.description) {
      const description = i18n.t(page.description);
      expect(description).not.toBe(page.description);
      expect(textOf(document!.root)).toContain(description);
    }
    // The shell of the page's area, with the main site's link for the server to fill in.
    expect(textOf(document!.root)).toContain(path.startsWith('/staff') ? "staff's corner" : "creator's corner");
    expect(document!.root).toContain(`href="${MAIN_SITE_PLACEHOLDER}"`);
    expect(document!.root).toMatch(/<nav [^>]*aria-label=/);
  });

  it('names each page once, and only pages the app has', () => {
    const paths = FIRST_PAINT_PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(Object.keys(prerendered.pages).sort()).toEqual([...paths].sort());
    for (const path of paths) {
      const matched = matchRoutes(routes, path)?.at(-1)?.route;
      expect(matched?.path, path).not.toBe('*');
    }
  });

  it('draws the shell alone for other paths: with the side menu once signed in, without on sign-in', () => {
    expect(textOf(prerendered.staff.root)).toContain("staff's corner");
    expect(textOf(prerendered.creator.root)).toContain("creator's corner");
    for (const document of [prerendered.staff, prerendered.creator]) {
      expect(document.title).toBeNull();
      expect(document.root).toMatch(/<nav [^>]*aria-label=/);
      expect(document.root).not.toContain(FIRST_PAINT_ATTRIBUTE);
      expect(document.root).toContain('role="status"');
    }
    expect(prerendered.signedOut.root).not.toMatch(/<nav /);
    expect(prerendered.signedOut.root).not.toContain('role="status"');
  });

  it('starts every document with the creator’s theme variables, and has every role theme’s to swap in', () => {
    for (const document of [...Object.values(prerendered.pages), prerendered.staff, prerendered.creator, prerendered.signedOut]) {
      expect(document.root.startsWith(prerendered.themeStyle)).toBe(true);
    }
    expect(prerendered.themeStyles.creator).toBe(prerendered.themeStyle);
    expect(Object.keys(prerendered.themeStyles).sort()).toEqual(Object.keys(THEME_ACCENTS).sort());
    for (const [theme, accent] of Object.entries(THEME_ACCENTS)) {
      expect(prerendered.themeStyles[theme as keyof typeof THEME_ACCENTS], theme).toContain(`--mantine-primary-color-filled: var(--mantine-color-${accent}-filled)`);
    }
  });

  it('writes no script, and nothing a keyboard can reach but links', () => {
    for (const document of [...Object.values(prerendered.pages), prerendered.staff, prerendered.creator, prerendered.signedOut]) {
      expect(document.root).not.toMatch(/<script|<button|<input|<select|<textarea|\son[a-z]+=/i);
    }
  });
});
