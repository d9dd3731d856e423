import { codeAtLevel, DOCUMENT_LEVELS, type RscLevel } from '../rsc';
import type { WidgetView } from './types';

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
 * Rows of a long table in a server-rendered page: a few screens of a windowed table, and above the
 * length from which the result table windows its rows (so a table short enough to draw whole is
 * always whole).
 */
export const SERVER_TABLE_ROWS = 200;

/**
 * A view with at most `limit` rows of a table (`rowCount` says how many there are); other views
 * unchanged. The first render of a big field carries its first rows only, so the page's payload and
 * the work of reading it stay small whatever the field's size.
 */
export function firstRows(view: WidgetView, limit: number): WidgetView {
  if (view.kind !== 'table' || view.rows.length <= limit) return view;
  return { ...view, rows: view.rows.slice(0, limit), rowCount: view.rowCount ?? view.rows.length };
}
