import type { Layout, SportConfig } from './types';

/**
 * The plugin of a discipline no sport folder describes (a real feed may send breaking, rugby sevens
 * or bobsleigh to a games whose plugins do not have them): its pages still render, with the columns
 * every ODF result has (DT_RESULT: rank, competitor, organisation, result or IRM, records,
 * qualification marks), so a spectator sees the results instead of a 404. Data, like any plugin.
 */
export function defaultSportConfig(code: string, name: SportConfig['name']): SportConfig {
  const startlist: Layout = {
    widget: 'table',
    document: 'DT_RESULT',
    rows: 'Competition.Result',
    sort: [{ path: 'StartSortOrder', type: 'number' }],
    columns: [
      { id: 'order', label: 'startOrder', path: 'StartOrder', cell: 'number', width: 56, align: 'center' },
      {
        id: 'bib',
        label: 'bib',
        path: 'Competitor.Bib',
        fallback: 'Competitor.Composition.Athlete.Bib',
        cell: 'bib',
        width: 56,
        hideWhenEmpty: true,
      },
      { id: 'name', label: 'name', path: 'Competitor', cell: 'name' },
      { id: 'organisation', label: 'organisation', path: 'Competitor.Organisation', cell: 'organisation', width: 120 },
    ],
    details: [
      {
        id: 'members',
        label: 'members',
        rows: 'Competitor.Composition.Athlete',
        columns: [{ id: 'name', label: 'name', path: 'Description', cell: 'name' }],
      },
    ],
  };
  const result: Layout = {
    ...startlist,
    legendModule: 'result',
    sort: [{ path: 'SortOrder', type: 'number' }],
    columns: [
      { id: 'rank', label: 'rank', path: 'Rank', cell: 'rank', width: 56, align: 'center' },
      { id: 'name', label: 'name', path: 'Competitor', cell: 'name' },
      { id: 'organisation', label: 'organisation', path: 'Competitor.Organisation', cell: 'organisation', width: 120 },
      { id: 'result', label: 'result', path: 'Result', fallback: 'IRM', cell: 'text', width: 96, align: 'end' },
      {
        id: 'diff',
        label: 'diff',
        path: 'Diff',
        cell: 'diff',
        width: 72,
        align: 'end',
        hideBelow: 'sm',
        hideWhenEmpty: true,
      },
      {
        id: 'record',
        label: 'record',
        path: 'RecordIndicators.RecordIndicator.RecordType',
        cell: 'record',
        width: 56,
        hideWhenEmpty: true,
      },
      { id: 'marks', label: 'marks', path: 'QualificationMark', cell: 'marks', width: 56, hideWhenEmpty: true },
    ],
  };
  return {
    code,
    name,
    unitTabs: ['startlist', 'result', 'report'],
    pages: {},
    menu: {},
    legend: { sets: [{ set: 'irm' }, { set: 'records' }, { set: 'qualification' }], entries: [] },
    labels: { zh_CN: {}, zh_HK: {}, en_US: {} },
    layouts: {
      tabs: { startlist, result, report: { widget: 'reportList', document: 'REPORT_LIST' } },
      pages: {},
    },
  };
}
