import { describe, expect, it } from 'vitest';
import { compareValues } from '../../core/views/compare';
import { BOBSLEIGH_ROWS, CELLS, CELL_DEMOS, demo, project } from '../cellTesting';

describe('the number cell', () => {
  it('shows a count and sorts by its value, not its spelling', () => {
    const orders = BOBSLEIGH_ROWS.map((r) => project('number', 'StartOrder', r) as string);
    expect(orders.slice(0, 3)).toEqual(['3', '1', '4']);
    const sorted = [...orders].sort((a, b) => compareValues(a, b, CELLS.number.sort));
    expect(sorted.slice(0, 3)).toEqual(['1', '2', '3']);
    expect(sorted.indexOf('10')).toBeGreaterThan(sorted.indexOf('9'));
  });

  it('is a secondary column', () => {
    expect(CELLS.number.priority).toBe('secondary');
  });

  it('is made up in a start list too (a count, an order), from the place once there are results', () => {
    expect(CELL_DEMOS.number).toMatchObject({ fill: 'value', inStartList: true });
    expect(demo('number', { results: false }, { random: [0.5] })).toBe('21');
    expect(demo('number', { index: 0 }, { random: [0.5] })).toBe('23');
    expect(demo('number', { index: 30 }, { random: [0] })).toBe('0');
  });
});
