import { DEFAULT_THEME, mergeMantineTheme, type MantineTheme } from '@mantine/core';
import { blend, readableOn, relativeLuminance } from '../ui/contrast';
import { createAppTheme } from './theme';

/** Behind pictures: a quiet checkerboard, so a transparent picture's dark and light parts both show. */
const checkerboard = (a: string, b: string) => `repeating-conic-gradient(${a} 0% 25%, ${b} 0% 50%) 50% / 16px 16px`;

/** WCAG AA for body text, with a little room for anti-aliasing. */
const TEXT_RATIO = 4.6;

/**
 * The colours Mantine derives that text is drawn in, made readable in both schemes (issue 18):
 * dimmed text, placeholders, every palette's text colour (`c="red"`) and its light variant's
 * (badges, alerts, light buttons), each against the surfaces it appears on. The shell's surfaces
 * are named here too (`--corner-surface-*`, `--corner-border`), so no page picks a grey that only
 * works in light.
 */
export function readableColorVariables(theme: MantineTheme): { light: Record<string, string>; dark: Record<string, string> } {
  const gray = theme.colors.gray;
  const dark = theme.colors.dark;
  const white = theme.white;
  const light: Record<string, string> = {
    '--corner-surface-page': gray[0],
    '--corner-surface-subtle': gray[0],
    '--corner-surface-muted': gray[1],
    '--corner-surface-raised': white,
    '--corner-border': gray[3],
    '--corner-surface-image': checkerboard(gray[2], gray[0]),
    // Dimmed text also sits on tinted rows (unread conversations, the current step): the primary
    // colour's light background over the page's grey is the darkest of them.
    '--mantine-color-dimmed': readableOn(gray[6], [white, gray[0], gray[1], blend(theme.colors.blue[6], gray[1], 0.15)], TEXT_RATIO),
    '--mantine-color-placeholder': readableOn(gray[5], [white, gray[0]], TEXT_RATIO),
    '--mantine-color-error': readableOn(theme.colors.red[7], [white, gray[0]], TEXT_RATIO),
  };
  const darkSurfaces = [dark[7], dark[6], dark[8]];
  const darkVars: Record<string, string> = {
    '--corner-surface-page': dark[8],
    '--corner-surface-subtle': dark[6],
    '--corner-surface-muted': dark[5],
    '--corner-surface-raised': dark[7],
    '--corner-border': dark[4],
    '--corner-surface-image': checkerboard(dark[4], dark[5]),
    '--mantine-color-dimmed': readableOn(dark[2], [...darkSurfaces, dark[5], blend(theme.colors.blue[6], dark[6], 0.2)], TEXT_RATIO),
    '--mantine-color-placeholder': readableOn(dark[3], darkSurfaces, TEXT_RATIO),
    '--mantine-color-error': readableOn(theme.colors.red[5], darkSurfaces, TEXT_RATIO),
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (!shades) continue;
    // The light variant paints the colour at 10% (light) or 15% (dark) over the page.
    const lightText = readableOn(shades[7], [white, gray[0], blend(shades[6], white, 0.12), blend(shades[6], gray[2], 0.15)], TEXT_RATIO);
    const darkText = readableOn(shades[4], [...darkSurfaces, blend(shades[6], dark[7], 0.2), blend(shades[6], dark[5], 0.2)], TEXT_RATIO);
    light[`--mantine-color-${name}-text`] = lightText;
    light[`--mantine-color-${name}-outline`] = lightText;
    darkVars[`--mantine-color-${name}-outline`] = darkText;
    // Filled buttons and badges carry white text, unless autoContrast gives a light shade dark text.
    for (const [vars, shade] of [[light, shades[7]], [darkVars, shades[8]]] as const) {
      if (relativeLuminance(shade) > theme.luminanceThreshold) continue;
      const filled = readableOn(shade, [white], TEXT_RATIO);
      vars[`--mantine-color-${name}-filled`] = filled;
      vars[`--mantine-color-${name}-filled-hover`] = blend('#000000', filled, 0.12);
    }
    light[`--mantine-color-${name}-light-color`] = lightText;
    darkVars[`--mantine-color-${name}-text`] = darkText;
    darkVars[`--mantine-color-${name}-light-color`] = darkText;
  }
  return { light, dark: darkVars };
}

/**
 * The readable colours as a style sheet, written when the web app is built (vite.config.ts,
 * `virtual:readable-colors.css`): the sign-in page's first download carries no colour arithmetic,
 * and no page computes it on every render. Mantine writes its own values of the same variables on
 * `:root`, after this sheet; `html:root` outranks it in either order.
 */
export function readableColorsCss(theme: MantineTheme): string {
  const { light, dark } = readableColorVariables(theme);
  const block = (scheme: 'light' | 'dark', vars: Record<string, string>) =>
    `html:root[data-mantine-color-scheme="${scheme}"] {\n${Object.entries(vars)
      .map(([name, value]) => `  ${name}: ${value};`)
      .join('\n')}\n}\n`;
  return `${block('light', light)}${block('dark', dark)}`;
}

/**
 * The theme the style sheet is built from: the creator's accent (the role themes change only the
 * primary colour, whose readable shade every palette already has). vite.config.ts builds the sheet
 * from it, and theme-colors.test.ts checks that same sheet.
 */
export function builtTheme(): MantineTheme {
  return mergeMantineTheme(DEFAULT_THEME, createAppTheme('creator', { required: '' }));
}
