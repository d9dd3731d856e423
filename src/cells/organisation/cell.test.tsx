import { describe, expect, it } from 'vitest';
import { CELLS, CELL_VIEWS, demo, draw, project, report, row } from '../cellTesting';

const path = 'Competitor.Organisation';

describe('the organisation cell', () => {
  it('shows the delegation by name on Chinese pages, linked by code', () => {
    expect(project('organisation', path, row(0), { locale: 'zh_CN', organisations: { GER: '德国' } })).toEqual({
      text: '德国',
      link: 'GER',
    });
  });

  it('shows the code in English, the name as its title', () => {
    expect(project('organisation', path, row(0), { locale: 'en_US', organisations: { GER: 'Germany' } })).toEqual({
      text: 'GER',
      title: 'Germany',
    });
  });

  it('stays a code when the delegation has no name', () => {
    expect(project('organisation', path, row(20), { locale: 'zh_CN', organisations: { GER: '德国' } })).toBe('ROU');
  });

  it('links to the delegation\u2019s page, the name beside the code on wide screens', () => {
    expect(draw('organisation', { text: '德国', link: 'GER' })).toBe(
      '<a href="/delegation/GER" class="cell-org">德国</a>',
    );
    expect(draw('organisation', { text: 'GER', title: 'Germany' })).toBe(
      '<a href="/delegation/GER" title="Germany" class="cell-org">GER<span class="org-name hide-below-lg"> Germany</span></a>',
    );
    expect(CELL_VIEWS.organisation.follows).toBe('delegations');
  });

  it('prints the Chinese name and the code in a report', () => {
    expect(report('organisation', path, row(0))).toEqual({ text: '德国 GER', weight: 2 });
    expect(report('organisation', path, row(20)).text).toBe('ROU ROU');
  });

  it('is essential on a phone and sorts as text', () => {
    expect(CELLS.organisation).toMatchObject({ sort: 'text', priority: 'essential' });
    expect(demo('organisation', { index: 0 })).toBe('1');
  });
});
