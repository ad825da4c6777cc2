/**
 * Colour contrast as WCAG 2 measures it, and the nudging that makes a colour readable: the theme
 * derives its text colours from these, so every page meets AA without picking shades by hand.
 */

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`Not a hex colour: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG's relative luminance of a hex colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  return luminance(parseHex(hex));
}

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two hex colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(parseHex(a)), luminance(parseHex(b))].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `top` laid over `bottom` at `alpha` (0–1), as the browser paints a translucent background. */
export function blend(top: string, bottom: string, alpha: number): string {
  const t = parseHex(top);
  const b = parseHex(bottom);
  return toHex(t.map((c, i) => c * alpha + b[i]! * (1 - alpha)) as Rgb);
}

/**
 * `color`, moved towards black (on light backgrounds) or white (on dark ones) in small steps until
 * it reaches `ratio` against every one of `backgrounds`; unchanged when it already does.
 */
export function readableOn(color: string, backgrounds: readonly string[], ratio: number): string {
  const darkest = backgrounds.map((b) => luminance(parseHex(b))).reduce((a, b) => Math.min(a, b));
  const toward = darkest > 0.18 ? '#000000' : '#ffffff';
  for (let step = 0; step <= 40; step += 1) {
    const candidate = blend(toward, color, step / 40);
    if (backgrounds.every((b) => contrastRatio(candidate, b) >= ratio)) return candidate;
  }
  return toward;
}
