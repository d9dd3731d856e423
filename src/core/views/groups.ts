/**
 * A layout's `groups`: rows read beneath each element of a path (the players of each team of a
 * match), headed by the element's name and closed, when the layout asks, by the element itself as
 * its totals row (a team's own statistics). Rows stay with their element, so the grouping needs no
 * value the rows share and cannot mix two teams.
 */
import { accessorFor } from '../valuePath';
import type { Layout } from '../sports/types';
import { projectCell } from './cells';
import { labelText, sortRows, type ViewContext } from './layout';
import { cellText } from './types';

type Row = Record<string, unknown>;
const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface GroupedRow {
  readonly row: Row;
  /** The group's heading as drawn. */
  readonly group: string;
  /** The row is the group's own element: the text its name cells show instead of a name. */
  readonly totals?: string;
}

/** The rest of `rows` beneath `prefix`, or undefined when `prefix` does not start it at a step. */
export function rowsBeneath(rows: string, prefix: string): string | undefined {
  return rows.startsWith(`${prefix}.`) && rows.length > prefix.length + 1 ? rows.slice(prefix.length + 1) : undefined;
}

/** A group's heading: its element (or what `heading` reads on it) by the name rules. */
function headingOf(element: Row, heading: string | undefined, context: ViewContext): string {
  const values = heading ? accessorFor(heading).all(element) : [element];
  return cellText(projectCell('name', values, element, context));
}

/**
 * The rows of a layout with `groups`, group after group in document order, each group's rows in
 * the layout's sort order and its totals row last. Undefined when the layout has no `groups` or its
 * path does not start `rows` (sports:check refuses that plugin; the table is then drawn ungrouped).
 */
export function groupedRows(layout: Layout, document: unknown, context: ViewContext): GroupedRow[] | undefined {
  const groups = layout.groups;
  if (!groups) return undefined;
  const rest = rowsBeneath(layout.rows ?? '', groups.path);
  if (!rest) return undefined;
  const rowsOf = accessorFor(rest);
  return accessorFor(groups.path)
    .all(document)
    .filter(isRow)
    .flatMap((element) => {
      const group = headingOf(element, groups.heading, context);
      const members: GroupedRow[] = sortRows(rowsOf.all(element).filter(isRow), layout.sort).map((row) => ({
        row,
        group,
      }));
      if (!groups.totals) return members;
      const totals = labelText(context.sport, context.locale, groups.totals).replace('{name}', group);
      return [...members, { row: element, group, totals }];
    });
}
