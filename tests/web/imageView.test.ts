import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampScale,
  MAX_SCALE,
  MIN_SCALE,
  nextRotation,
  pinchScale,
  SCALE_STEP,
} from '../../src/web/widgets/imageView';

describe('the image viewer', () => {
  it('zooms by 1.2 within 0.2 and 7, and rotates by quarter turns', () => {
    expect(SCALE_STEP).toBe(1.2);
    expect(clampScale(1 * SCALE_STEP)).toBeCloseTo(1.2);
    expect(clampScale(100)).toBe(MAX_SCALE);
    expect(clampScale(0.01)).toBe(MIN_SCALE);
    expect(clampScale(Number.NaN)).toBe(1);
    expect([0, 90, 180, 270].map(nextRotation)).toEqual([90, 180, 270, 0]);
  });

  it('a pinch scales with the fingers distance and stays in bounds', () => {
    expect(pinchScale(1, 100, 200)).toBe(2);
    expect(pinchScale(2, 0, 50)).toBe(2);
    fc.assert(
      fc.property(
        fc.double({ min: 0.2, max: 7 }),
        fc.double({ min: 0, max: 5000 }),
        fc.double({ min: 0, max: 5000 }),
        (scale, from, to) => {
          const next = pinchScale(scale, from, to);
          expect(next).toBeGreaterThanOrEqual(MIN_SCALE);
          expect(next).toBeLessThanOrEqual(MAX_SCALE);
        },
      ),
    );
  });
});
