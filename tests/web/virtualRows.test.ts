import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexAt, rowEnds, windowFor, withHeights } from '../../src/web/widgets/table/virtualRows';

describe('windowed rows of a long table', () => {
  it('adds measured heights and estimates the rest', () => {
    const ends = rowEnds(Float64Array.from([10, Number.NaN, 30]), 20);
    expect([...ends]).toEqual([10, 30, 60]);
  });

  it('finds the row at an offset', () => {
    const ends = rowEnds(new Float64Array(5000).fill(Number.NaN), 40);
    expect(indexAt(ends, 0)).toBe(0);
    expect(indexAt(ends, 39.9)).toBe(0);
    expect(indexAt(ends, 40)).toBe(1);
    expect(indexAt(ends, 40 * 4999 + 1)).toBe(4999);
    expect(indexAt(ends, 1e9)).toBe(4999);
  });

  it('draws the rows in view and the overscan, never outside the field', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(Number.NaN), fc.double({ min: 1, max: 400, noNaN: true })), {
          minLength: 1,
          maxLength: 6000,
        }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 0, max: 20 }),
        (heights, top, height, overscan) => {
          const ends = rowEnds(Float64Array.from(heights), 41);
          const { start, end } = windowFor(ends, top, height, overscan);
          expect(start).toBeGreaterThanOrEqual(0);
          expect(end).toBeLessThanOrEqual(heights.length);
          expect(start).toBeLessThan(end);
          // The row under the top edge of the viewport is drawn.
          const under = indexAt(ends, top);
          expect(under).toBeGreaterThanOrEqual(start);
          expect(under).toBeLessThan(end);
        },
      ),
    );
  });

  it('applies height readings, and keeps the same state when none moves a row', () => {
    const start = { count: 4, heights: new Float64Array(4).fill(Number.NaN) };
    // Readings at the estimate, out of range or empty change nothing: no re-render follows.
    expect(
      withHeights(
        start,
        4,
        [
          [0, 41],
          [9, 50],
          [-1, 50],
          [2, 0],
        ],
        41,
      ),
    ).toBe(start);
    const next = withHeights(
      start,
      4,
      [
        [1, 80],
        [3, 40.5],
      ],
      41,
    );
    expect([...next.heights]).toEqual([Number.NaN, 80, Number.NaN, 40.5]);
    expect([...start.heights].every(Number.isNaN)).toBe(true);
    expect(withHeights(next, 4, [[1, 80]], 41)).toBe(next);
    // A field of another size starts afresh.
    const other = withHeights(next, 2, [[0, 60]], 41);
    expect(other.count).toBe(2);
    expect([...other.heights]).toEqual([60, Number.NaN]);
  });
});
