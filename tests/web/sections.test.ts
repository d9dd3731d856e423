import { describe, expect, it, vi } from 'vitest';
import type { Layout, ResolvedSport } from '../../src/core/sports/types';
import { loadSection, loadSport } from '../../src/web/data/sections';
import { DataError } from '../../src/web/data/validate';
import { TransportError, type DataSource } from '../../src/web/data/source';

// A plugin chunk that cannot be fetched (a deploy replaced it, the network dropped): unit tests may mock.
vi.mock('../../src/generated/sportRegistry', async (original) => {
  const actual = await original<typeof import('../../src/generated/sportRegistry')>();
  return {
    sportLoaders: {
      ...actual.sportLoaders,
      SWM: () => Promise.reject(new Error('Failed to fetch dynamically imported module: /assets/SWM.js')),
    },
  };
});

const SPORT = {
  code: 'TST',
  labels: { zh_CN: {}, zh_HK: {}, en_US: { result: 'Result' } },
  legend: [],
} as unknown as ResolvedSport;
const LAYOUT: Layout = {
  widget: 'table',
  document: 'DT_RESULT',
  columns: [{ id: 'result', label: 'result', path: 'Result', cell: 'time' }],
};
const UNIT = 'TSTM100M--------------FNL-000100--';
const request = { id: 'result', label: 'Result', layout: LAYOUT, code: UNIT, scope: 'unit' as const };
const source = (document: DataSource['document']): DataSource => ({ document });

describe('a section whose data fails keeps the failure to itself', () => {
  it('a plugin that cannot be loaded is reported, not thrown', async () => {
    const { sport, error } = await loadSport('SWM');
    expect(sport).toBeUndefined();
    expect(error).toContain('The SWM plugin could not be loaded');
    expect((await loadSport('ATH')).sport?.code).toBe('ATH');
  });

  it('a document that fails validation becomes the section error', async () => {
    const failing = source(() =>
      Promise.reject(new DataError('The DT_RESULT data from the service is malformed: /Competition must be array')),
    );
    const section = await loadSection(failing, SPORT, 'en_US', request);
    expect(section.error).toContain('must be array');
    expect(section.view).toBeUndefined();
  });

  it('a transport failure becomes the section error in the spec words', async () => {
    const failing = source(() => Promise.reject(new TransportError('timeout of 15000ms exceeded')));
    expect((await loadSection(failing, SPORT, 'en_US', request)).error).toBe('timeout of 15000ms exceeded');
  });

  it('a missing document is an empty section, and a present one is projected with its status', async () => {
    expect(
      await loadSection(
        source(async () => undefined),
        SPORT,
        'en_US',
        request,
      ),
    ).toEqual({
      id: 'result',
      title: 'Result',
      widget: 'table',
    });
    const found = await loadSection(
      source(async <T>() => ({ ResultStatus: 'LIVE', Competition: [{ Result: [{ Result: '10.1' }] }] }) as T),
      SPORT,
      'en_US',
      request,
    );
    expect(found.status).toBe('LIVE');
    expect(found.view?.kind).toBe('table');
  });
});
