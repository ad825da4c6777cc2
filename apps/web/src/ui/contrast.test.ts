import { describe, expect, it } from 'vitest';
import { blend, contrastRatio, readableOn } from './contrast';

describe('contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // Mantine's gray-6 on white: the dimmed text that failed axe.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 1);
    expect(contrastRatio('#fff', '#777')).toBeCloseTo(4.48, 1);
  });

  it('blends a translucent colour over its background', () => {
    expect(blend('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(blend('#fa5252', '#ffffff', 0)).toBe('#ffffff');
  });

  it('darkens on light backgrounds and lightens on dark ones until the ratio holds against each', () => {
    const onLight = readableOn('#fa5252', ['#ffffff', blend('#fa5252', '#ffffff', 0.1)], 4.5);
    expect(contrastRatio(onLight, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(onLight, blend('#fa5252', '#ffffff', 0.1))).toBeGreaterThanOrEqual(4.5);
    const onDark = readableOn('#5c5f66', ['#242424', '#2e2e2e'], 4.5);
    expect(contrastRatio(onDark, '#2e2e2e')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(onDark, '#5c5f66')).toBeGreaterThan(1);
  });

  it('keeps a colour that is already readable', () => {
    expect(readableOn('#000000', ['#ffffff'], 4.5)).toBe('#000000');
    expect(() => readableOn('red', ['#ffffff'], 4.5)).toThrow(/Not a hex colour/);
  });
});
