import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../ui/contrast';
import { builtTheme, readableColorsCss } from './theme-colors';

/** The sheet's variables of one scheme, as name → value. */
function variablesOf(css: string, scheme: 'light' | 'dark'): Map<string, string> {
  const block = new RegExp(`html:root\\[data-mantine-color-scheme="${scheme}"\\] \\{([^}]*)\\}`).exec(css);
  expect(block, `a ${scheme} block`).not.toBeNull();
  return new Map(
    block![1]!
      .split(';')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => line.split(/:\s*/, 2) as [string, string]),
  );
}

describe('the readable colours, as the build writes them (virtual:readable-colors.css)', () => {
  const theme = builtTheme();
  const css = readableColorsCss(theme);
  const light = variablesOf(css, 'light');
  const dark = variablesOf(css, 'dark');

  it('gives every palette a readable text colour in both schemes', () => {
    for (const name of Object.keys(theme.colors)) {
      const onLight = light.get(`--mantine-color-${name}-text`);
      const onDark = dark.get(`--mantine-color-${name}-text`);
      expect(onLight, name).toMatch(/^#[0-9a-f]{6}$/);
      expect(onDark, name).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrastRatio(onLight!, theme.white), `${name} on white`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(onDark!, theme.colors.dark[7]), `${name} on the dark page`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('makes dimmed text, placeholders and errors readable, and names the surfaces', () => {
    for (const variable of ['--mantine-color-dimmed', '--mantine-color-placeholder', '--mantine-color-error']) {
      expect(contrastRatio(light.get(variable)!, theme.white), variable).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(dark.get(variable)!, theme.colors.dark[7]), variable).toBeGreaterThanOrEqual(4.5);
    }
    // Mantine's own gray-6 dimmed text (3.3:1 on white) is what this replaces.
    expect(light.get('--mantine-color-dimmed')).not.toBe(theme.colors.gray[6]);
    for (const surface of ['--corner-surface-page', '--corner-surface-raised', '--corner-border', '--corner-surface-image']) {
      expect(light.has(surface) && dark.has(surface), surface).toBe(true);
    }
  });
});
