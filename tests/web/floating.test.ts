import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampToViewport, DRAG_THRESHOLD_PX, FLOAT_MARGINS, isDrag } from '../../src/web/app/floating';

describe('the floating control', () => {
  it('treats a move of 5 px or less as a click, and more as a drag', () => {
    expect(isDrag({ x: 10, y: 10 }, { x: 13, y: 14 })).toBe(false); // exactly 5 px
    expect(isDrag({ x: 10, y: 10 }, { x: 16, y: 10 })).toBe(true);
    expect(DRAG_THRESHOLD_PX).toBe(5);
  });

  it('stays inside the viewport less 120 px at the top and 30 px elsewhere (property)', () => {
    fc.assert(
      fc.property(
        fc.record({ x: fc.integer({ min: -5000, max: 5000 }), y: fc.integer({ min: -5000, max: 5000 }) }),
        fc.record({ width: fc.integer({ min: 320, max: 3000 }), height: fc.integer({ min: 400, max: 3000 }) }),
        (position, viewport) => {
          const size = { width: 48, height: 48 };
          const placed = clampToViewport(position, size, viewport);
          expect(placed.x).toBeGreaterThanOrEqual(FLOAT_MARGINS.left);
          expect(placed.y).toBeGreaterThanOrEqual(FLOAT_MARGINS.top);
          expect(placed.x + size.width).toBeLessThanOrEqual(viewport.width - FLOAT_MARGINS.right);
          expect(placed.y + size.height).toBeLessThanOrEqual(viewport.height - FLOAT_MARGINS.bottom);
        },
      ),
    );
    expect(FLOAT_MARGINS).toEqual({ top: 120, right: 30, bottom: 30, left: 30 });
  });
});
