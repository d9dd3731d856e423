import { describe, expect, it } from 'vitest';
import { CELLS, CELL_DEMOS, CELL_VIEWS, draw, project, report, row } from '../cellTesting';

describe('the name cell', () => {
  it('names a team by its team name, linked by the competitor code', () => {
    expect(project('name', 'Competitor', row(0))).toEqual({ text: 'Germany', link: 'BOBOTEAM4---GER02' });
  });

  it('names an athlete family name first in English, linked by the athlete code', () => {
    expect(project('name', 'Competitor.Composition.Athlete[Order=1]', row(0))).toEqual({
      text: 'LOCHNER Johannes',
      link: '1014479',
    });
  });

  it('joins a crew with " / " and links none of them', () => {
    expect(project('name', 'Competitor.Composition.Athlete', row(0))).toBe(
      'LOCHNER Johannes / BAUER Florian / WEBER Christopher / RASP Christian',
    );
  });

  it('links to the competitor\u2019s page, with the short form a phone shows', () => {
    expect(draw('name', { text: 'Germany', link: 'BOBOTEAM4---GER02' })).toBe(
      '<a href="/competitor/BOBOTEAM4---GER02" class="cell-name">Germany</a>',
    );
    const html = draw('name', { text: 'LOCHNER Johannes', short: 'LOCHNER J.' });
    expect(html).toContain('<span class="name-full">LOCHNER Johannes</span>');
    expect(html).toContain('<span class="name-short" aria-hidden="true">LOCHNER J.</span>');
    expect(CELL_VIEWS.name.follows).toBe('athletes');
  });

  it('sorts as text, is essential, takes the widest share of a report', () => {
    expect(CELLS.name).toMatchObject({ sort: 'text', priority: 'essential' });
    expect(report('name', 'Competitor', row(0))).toEqual({ text: 'Germany', weight: 3 });
  });

  it('is written by the demo\u2019s generator with the competitor, not filled', () => {
    expect(CELL_DEMOS.name).toEqual({ fill: 'generator' });
  });
});
