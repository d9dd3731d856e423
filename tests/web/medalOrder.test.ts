import { describe, expect, it } from 'vitest';
import { orderTally } from '../../src/web/pages/medal';

const row = (organisation: string, gold: number, silver: number, bronze: number, rank: number) => ({
  organisation,
  gold,
  silver,
  bronze,
  total: gold + silver + bronze,
  rank,
});

describe('the medal table order', () => {
  const rows = [row('AAA', 3, 0, 0, 1), row('BBB', 2, 5, 1, 2), row('CCC', 1, 3, 4, 3), row('DDD', 1, 3, 4, 3)];

  it('keeps the official gold-first order and ranks', () => {
    expect(orderTally(rows, 'gold').map(({ row: r, rank }) => `${r.organisation}${rank}`)).toEqual([
      'AAA1',
      'BBB2',
      'CCC3',
      'DDD3',
    ]);
  });

  it('orders by total, equal totals by gold then silver, sharing a rank when all are equal', () => {
    expect(orderTally(rows, 'total').map(({ row: r, rank }) => `${r.organisation}${rank}`)).toEqual([
      'BBB1',
      'CCC2',
      'DDD2',
      'AAA4',
    ]);
  });

  it("uses the service's total rank when it sends one", () => {
    const ranked = rows.map((r, i) => ({ ...r, rankTotal: 10 + i }));
    expect(orderTally(ranked, 'total').map(({ rank }) => rank)).toEqual([11, 12, 13, 10]);
  });
});
