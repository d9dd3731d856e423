import { describe, expect, it } from 'vitest';
import { orderTally } from '../../src/web/pages/medal';

/** A row as the service sends it: its rank by gold and its rank by total (schemas/api/medals.ts). */
const row = (organisation: string, gold: number, silver: number, bronze: number, rank: number, rankTotal: number) => ({
  organisation,
  gold,
  silver,
  bronze,
  total: gold + silver + bronze,
  rank,
  rankTotal,
});

describe('the medal table order', () => {
  const rows = [
    row('AAA', 3, 0, 0, 1, 4),
    row('BBB', 2, 5, 1, 2, 1),
    row('CCC', 1, 3, 4, 3, 1),
    row('DDD', 1, 3, 4, 3, 1),
  ];

  it('keeps the official gold-first order and ranks', () => {
    expect(orderTally(rows, 'gold').map(({ row: r, rank }) => `${r.organisation}${rank}`)).toEqual([
      'AAA1',
      'BBB2',
      'CCC3',
      'DDD3',
    ]);
  });

  it("orders by total, equal totals by gold then silver, with the service's total rank", () => {
    expect(orderTally(rows, 'total').map(({ row: r, rank }) => `${r.organisation}${rank}`)).toEqual([
      'BBB1',
      'CCC1',
      'DDD1',
      'AAA4',
    ]);
  });
});
