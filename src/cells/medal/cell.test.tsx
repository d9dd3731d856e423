import { describe, expect, it } from 'vitest';
import { CELLS, demo, draw, element, project } from '../cellTesting';

// DT_MEDALLISTS: a medal is Medal/@Type, ME_GOLD ... (as the service's medal deriver reads it); other
// feeds spell GOLD, G or the rank.
const medal = (type: string) => project('medal', 'Type', element(`<Medal Type="${type}"/>`));

describe('the medal cell', () => {
  it('reads each spelling of a medal as its colour, anything else as none', () => {
    expect(medal('ME_GOLD')).toBe('gold');
    expect(medal('ME_SILVER')).toBe('silver');
    expect(medal('bronze')).toBe('bronze');
    expect(medal('G')).toBe('gold');
    expect(medal('3')).toBe('bronze');
    expect(medal('ME_WOOD')).toBe('');
  });

  it('draws a dot in the colour with its name for screen readers', () => {
    expect(draw('medal', 'silver')).toBe(
      '<span class="medal-dot medal-silver"><span aria-hidden="true">●</span><span class="sr-only">Silver </span></span>',
    );
    expect(draw('medal', 'tin')).toBe('');
    expect(CELLS.medal.priority).toBe('essential');
  });

  it('goes to the first three places in the demo', () => {
    expect(demo('medal', { index: 0 })).toBe('GOLD');
    expect(demo('medal', { index: 2 })).toBe('BRONZE');
    expect(demo('medal', { index: 3 })).toBeUndefined();
  });
});
