import { describe, expect, it } from 'vitest';
import { BRAND, BRAND_STEP, brandTints, brandVariables, luminance, TINT_STEPS } from '../../src/core/theme/tints';

describe('brand tints', () => {
  const tints = brandTints();

  it('has 20 distinct steps from light to dark', () => {
    expect(tints).toHaveLength(TINT_STEPS);
    expect(new Set(tints).size).toBe(TINT_STEPS);
    const lightness = tints.map(luminance);
    for (let i = 1; i < lightness.length; i += 1) expect(lightness[i]).toBeLessThan(lightness[i - 1]!);
    expect(luminance(tints[0]!)).toBeGreaterThan(0.8);
    expect(luminance(tints[TINT_STEPS - 1]!)).toBeLessThan(0.05);
  });

  it('has the brand itself as its base and its middle step', () => {
    expect(BRAND).toBe('#2294E0');
    expect(tints[BRAND_STEP - 1]).toBe('#2294E0');
    const variables = brandVariables();
    expect(variables['--brand']).toBe('#2294E0');
    expect(Object.keys(variables)).toHaveLength(21);
    expect(variables['--brand-20']).toBe(tints[19]);
  });

  it('refuses what is not a colour', () => {
    expect(() => brandTints('blue')).toThrow(/not a #rrggbb colour/);
  });
});
