import { describe, expect, it } from 'vitest';
import { MODAL_SIZES, MODAL_WIDTHS } from './modal-size';

describe('modal sizes', () => {
  it('are the six of SPEC 2, each with a width', () => {
    expect(MODAL_SIZES).toEqual(['m', 'l', 'ml', 'xl', 'xxl', 'xxxl']);
    expect(Object.keys(MODAL_WIDTHS).sort()).toEqual([...MODAL_SIZES].sort());
    for (const size of MODAL_SIZES) expect(Number.isInteger(MODAL_WIDTHS[size]) && MODAL_WIDTHS[size] > 0, size).toBe(true);
  });

  it('grow in their order: m < l < ml < xl < xxl < xxxl', () => {
    const widths = MODAL_SIZES.map((size) => MODAL_WIDTHS[size]);
    for (let i = 1; i < widths.length; i++) expect(widths[i], MODAL_SIZES[i]).toBeGreaterThan(widths[i - 1]!);
  });

  it('fit a 1280 px laptop screen even at the largest', () => {
    expect(MODAL_WIDTHS.xxxl).toBeLessThanOrEqual(1280);
  });
});
