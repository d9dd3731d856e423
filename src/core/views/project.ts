import { codeAtLevel, DOCUMENT_LEVELS, type RscLevel } from '../rsc';
import { isDelegationColumn } from './cells';
import { delegationColumns, isFiltered, NO_FILTER, rowMatches, tableDelegations, type RowFilter } from './find';
import type { DelegationOption, TableView, WidgetView } from './types';

/**
 * The code a layout's document is addressed by, seen from a unit (a unit tab) or from an event (a
 * sport-level page). A page showing a unit-level document reads the discipline's one (a sport's
 * statistics leaders, say). The report list is kept per unit and per discipline: a unit reads its own, so
 * a new report of one unit changes no other unit's page (nor its mirror file); an event reads its
 * discipline's.
 */
export function documentCodeFor(document: string, code: string, scope: 'unit' | 'event'): string {
  if (document === 'REPORT_LIST') return codeAtLevel(code, scope === 'unit' ? 'unit' : 'discipline');
  const level: RscLevel = DOCUMENT_LEVELS[document] ?? 'unit';
  if (scope === 'event' && level === 'unit') return codeAtLevel(code, 'discipline');
  return codeAtLevel(code, level);
}

/**
 * A table of at most this many rows is drawn whole (the result table windows a longer one), and a
 * server-rendered page holds it whole.
 */
export const WHOLE_TABLE_ROWS = 150;

/**
 * Rows a server-rendered page holds of a longer table: those its HTML draws (about 18) and two
 * phone screens more, asked for with the rest when the reader nears them. Its hydration data is
 * most of such a page's first response: at 200 rows the marathon's page (16.7 KB gzipped) took a
 * round trip more than a phone connection's first one carries (issue 27).
 */
export const SERVER_TABLE_ROWS = 80;

/**
 * A view with at most `limit` rows of a table longer than `WHOLE_TABLE_ROWS` (`rowCount` says how
 * many there are); shorter tables and other views unchanged. The first render of a big field
 * carries its first rows only, so the page's payload and the work of reading it stay small
 * whatever the field's size.
 */
export function firstRows(view: WidgetView, limit: number, filter: RowFilter = NO_FILTER): WidgetView {
  if (view.kind !== 'table' || view.rows.length <= Math.max(limit, WHOLE_TABLE_ROWS)) return view;
  const rowCount = view.rowCount ?? view.rows.length;
  const columns = delegationColumns(view.columns, isDelegationColumn);
  const delegations = delegationsOf(view);
  if (isFiltered(filter)) {
    // A link to a filtered table: the rows it keeps, all of them (few, for a name), and only those.
    const rows = view.rows.filter((row) => rowMatches(row, filter, columns));
    return { ...view, rows, rowCount, chosenBy: filter, delegations };
  }
  // Without their find keys: filtering needs the whole field, which the browser reads with its keys.
  const rows = view.rows.slice(0, limit).map(({ find: _find, ...row }) => row);
  const findable = view.rows.some((row) => row.find !== undefined);
  return { ...view, rows, rowCount, delegations, ...(findable ? { findable } : {}) };
}

/**
 * The delegations of a table's rows, for its delegation filter: those `firstRows` kept with a long
 * table's first rows (the whole field's), or a whole table's own.
 */
export const delegationsOf = (view: TableView): readonly DelegationOption[] =>
  view.delegations ?? tableDelegations(view.rows, delegationColumns(view.columns, isDelegationColumn));
