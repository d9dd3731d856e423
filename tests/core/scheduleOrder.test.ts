import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareScheduleEntries, type ScheduleOrderEntry } from '../../src/core/schedule/order';

const day = fc.integer({ min: 9, max: 21 }).map((d) => `2025-11-${String(d).padStart(2, '0')}`);
const time = fc
  .integer({ min: 0, max: 23 * 60 })
  .map((m) => `T${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00+08:00`);
const entry: fc.Arbitrary<ScheduleOrderEntry> = fc.record({
  start: fc.option(
    fc.tuple(day, time).map(([d, t]) => d + t),
    { nil: undefined },
  ),
  order: fc.option(fc.integer({ min: 1, max: 500 }), { nil: undefined }),
  orderOnly: fc.boolean(),
});
const sorted = (entries: ScheduleOrderEntry[]) => [...entries].sort(compareScheduleEntries);

describe('schedule order', () => {
  it('puts undated entries last (property)', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), (entries) => {
        const list = sorted(entries);
        const firstUndated = list.findIndex((e) => !e.start);
        if (firstUndated >= 0) expect(list.slice(firstUndated).every((e) => !e.start)).toBe(true);
      }),
    );
  });

  it('orders entries of one date and time by unit order (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 99 }), { minLength: 2, maxLength: 12 }), (orders) => {
        const list = sorted(orders.map((order) => ({ start: '2025-11-12T10:00:00+08:00', order })));
        expect(list.map((e) => e.order)).toEqual([...orders].sort((a, b) => a - b));
      }),
    );
  });

  it('orders hide-start-date entries of a day by unit order only, whatever their times (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(time, fc.integer({ min: 1, max: 99 })), { minLength: 2, maxLength: 12 }),
        (items) => {
          const list = sorted(items.map(([t, order]) => ({ start: `2025-11-12${t}`, order, orderOnly: true })));
          expect(list.map((e) => e.order)).toEqual(items.map(([, o]) => o).sort((a, b) => a - b));
        },
      ),
    );
  });

  it('orders dated entries by date first (property)', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), (entries) => {
        const days = sorted(entries)
          .filter((e) => e.start)
          .map((e) => e.start!.slice(0, 10));
        expect(days).toEqual([...days].sort());
      }),
    );
  });
});
