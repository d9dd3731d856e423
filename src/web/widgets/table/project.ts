import { accessorFor } from '../../../core/valuePath';
import type { Layout, LayoutColumn } from '../../../core/sports/types';
import { PRIORITY_HIDE_BELOW, type Breakpoint } from '../../../core/sports/vocabulary';
import { cellDefinition, projectCell, sortTypeOf } from '../../../core/views/cells';
import { FIND_MIN_ROWS, findKeys } from '../../../core/views/find';
import { groupedRows } from '../../../core/views/groups';
import { columnValues, labelText, legendOf, sortRows, type ViewContext } from '../../../core/views/layout';
import { legendMatcherOf } from '../../../core/views/legendCache';
import { shownTexts } from '../../../core/views/shown';
import {
  cellText,
  type CellValue,
  type TableView,
  type ViewColumn,
  type ViewRow,
  type ViewSection,
} from '../../../core/views/types';

type Row = Record<string, unknown>;
const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A column as drawn. In the main table (`main`) a column may leave the row for its details on a narrow
 * screen, by its priority; a details or section table has nowhere to move it, so only an explicit
 * `hideBelow` hides one there.
 */
function viewColumn(column: LayoutColumn, context: ViewContext, main = false): ViewColumn {
  return {
    id: column.id,
    label: labelText(context.sport, context.locale, column.label),
    cell: column.cell,
    sort: sortTypeOf(column.cell),
    ...(column.width ? { width: column.width } : {}),
    ...(column.align ? { align: column.align } : {}),
    ...(main ? hideBelowOf(column) : column.hideBelow ? { hideBelow: column.hideBelow } : {}),
  };
}

/** Where a column leaves the row for its details: as declared, else by its priority. */
function hideBelowOf(column: LayoutColumn): { hideBelow?: Breakpoint } {
  const hideBelow = column.hideBelow ?? PRIORITY_HIDE_BELOW[column.priority ?? cellDefinition(column.cell).priority];
  return hideBelow ? { hideBelow } : {};
}

function cellsOf(row: unknown, columns: readonly LayoutColumn[], context: ViewContext): CellValue[] {
  return columns.map((c) => projectCell(c.cell, columnValues(c, row), row, context));
}

/** The context of a table within the result (splits, periods): its ranks are no medals, only the result's are. */
function nested(context: ViewContext): ViewContext {
  const { medalRanks: _medalRanks, ...rest } = context;
  return rest;
}

/** The layout's sections read from the document, those with content only. */
function sectionsOf(layout: Layout, document: unknown, context: ViewContext): ViewSection[] {
  return (layout.sections ?? []).flatMap((section) => {
    const items = accessorFor(section.rows).all(document).filter(isRow);
    const rows = items
      .map((item) => cellsOf(item, section.columns, nested(context)))
      .filter((cells) => cells.some((c) => cellText(c) !== ''));
    if (rows.length === 0) return [];
    return [
      {
        id: section.id,
        label: labelText(context.sport, context.locale, section.label),
        columns: section.columns.map((c) => viewColumn(c, context)),
        rows,
      },
    ];
  });
}

/**
 * The heading of a group: the label `group.<name>` (the group path's last name, lower camel case)
 * with `{value}` replaced, when the plugin or the shared labels have one; the value itself otherwise.
 */
function groupHeading(context: ViewContext, groupBy: string, value: string): string {
  const last = groupBy.split('.').pop()?.replace(/\[.*$/, '') ?? '';
  const key = `group.${last.charAt(0).toLowerCase()}${last.slice(1)}`;
  const template = context.sport.labels[context.locale]?.[key];
  return template && value !== '' ? template.replace('{value}', value) : value;
}

/** Rows of equal group value together, groups in the order they first appear. */
function groupRows(rows: readonly Row[], groupBy: string | undefined): { row: Row; group?: string }[] {
  if (!groupBy) return rows.map((row) => ({ row }));
  const accessor = accessorFor(groupBy);
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = accessor.text(row) ?? '';
    const list = groups.get(key) ?? [];
    list.push(row);
    groups.set(key, list);
  }
  return [...groups].flatMap(([group, list]) => list.map((row) => ({ row, group })));
}

/** A row's detail tables, aligned with the layout's `details`; empty when none has content. */
function detailRows(row: Row, layout: Layout, context: ViewContext): CellValue[][][] {
  const out = (layout.details ?? []).map((detail) => {
    const items = accessorFor(detail.rows).all(row).filter(isRow);
    const rows = items.map((item) => cellsOf(item, detail.columns, nested(context)));
    return rows.every((cells) => cells.every((c) => cellText(c) === '')) ? [] : rows;
  });
  return out.some((rows) => rows.length > 0) ? out : [];
}

/** A group's totals row: its element read with the columns, the label in place of its name. */
function totalsCells(row: Row, columns: readonly LayoutColumn[], label: string, context: ViewContext): CellValue[] {
  return cellsOf(row, columns, context).map((cell, i) => (columns[i]?.cell === 'name' ? label : cell));
}

/** Whether a group's element has statistics of its own to show (none in a start list). */
function hasTotals(row: Row, columns: readonly LayoutColumn[], context: ViewContext): boolean {
  const cells = cellsOf(row, columns, context);
  return columns.some((c, i) => c.cell !== 'name' && cellText(cells[i]) !== '');
}

const rowKey = (row: Row, index: number): string => {
  const competitor = accessorFor('Competitor.Code').text(row) ?? (typeof row.Code === 'string' ? row.Code : undefined);
  return competitor ? `${competitor}` : `#${index}`;
};

/**
 * A row's keys for the filter box: the shown text of every column whose kind can be found (names,
 * delegations), and what the kind adds (other languages, pinyin, codes). None when no column can.
 */
function rowFinder(
  columns: readonly LayoutColumn[],
  context: ViewContext,
): ((row: Row, cells: readonly CellValue[]) => string) | undefined {
  const findable = columns.flatMap((column, index) => {
    const find = cellDefinition(column.cell).find;
    return find ? [{ column, index, find }] : [];
  });
  if (findable.length === 0) return undefined;
  return (row, cells) =>
    findKeys(
      findable.flatMap(({ column, index, find }) => [
        cellText(cells[index]),
        ...find(columnValues(column, row), row, context),
      ]),
    );
}

/**
 * A table layout applied to a document: rows found, ordered and grouped as the layout says, each
 * column's path read and turned into its named cell, empty optional columns dropped, legend marks
 * matched per row and listed once for the marks that appear. Never throws on a document that is
 * JSON; a layout that finds no rows gives an empty view.
 */
export function projectTable(layout: Layout, document: unknown, context: ViewContext): TableView {
  const columns = layout.columns ?? [];
  const grouped = groupedRows(layout, document, context);
  const ordered: { row: Row; group?: string; totals?: string }[] =
    grouped?.filter((r) => !r.totals || hasTotals(r.row, columns, context)) ??
    groupRows(
      sortRows(
        accessorFor(layout.rows ?? 'Competition.Result')
          .all(document)
          .filter(isRow),
        layout.sort,
      ),
      layout.groupBy,
    );
  const found = ordered.map((r) => r.row);
  const module = layout.legendModule;
  const matcher = legendMatcherOf(context.sport);
  const legendContext = {
    module: module ?? 'result',
    ...(context.eventCode ? { eventCode: context.eventCode } : {}),
  } as const;
  const keys = new Map<string, number>();
  const findRow = ordered.length >= FIND_MIN_ROWS ? rowFinder(columns, context) : undefined;
  const rows: ViewRow[] = ordered.map(({ row, group, totals }, index) => {
    let key = totals === undefined ? rowKey(row, index) : `totals:${rowKey(row, index)}`;
    // The same competitor twice (a player in two periods) still needs distinct keys.
    const seen = keys.get(key) ?? 0;
    keys.set(key, seen + 1);
    if (seen > 0) key = `${key}~${seen}`;
    const marks = module ? matcher.match(row, legendContext).map((e) => e.title) : [];
    const rowDetails = detailRows(row, layout, context);
    const cells = totals === undefined ? cellsOf(row, columns, context) : totalsCells(row, columns, totals, context);
    const find = findRow && totals === undefined ? findRow(row, cells) : '';
    return {
      key,
      cells,
      ...(marks.length > 0 ? { marks } : {}),
      ...(typeof row.IRM === 'string' && row.IRM !== '' ? { irregular: true as const } : {}),
      ...(totals !== undefined ? { totals: true as const } : {}),
      ...(group !== undefined && grouped ? { group } : {}),
      ...(group !== undefined && !grouped && layout.groupBy
        ? { group: groupHeading(context, layout.groupBy, group) }
        : {}),
      ...(rowDetails.length > 0 ? { details: rowDetails } : {}),
      ...(totals === undefined && context.more?.has(row) ? { more: context.more.get(row)! } : {}),
      ...(find !== '' ? { find } : {}),
    };
  });
  const keep = columns.map((c, i) => !c.hideWhenEmpty || rows.some((r) => cellText(r.cells[i]) !== ''));
  const sections = sectionsOf(layout, document, context);
  return {
    kind: 'table',
    columns: columns.filter((_, i) => keep[i]).map((c) => viewColumn(c, context, true)),
    rows: rows.map((r) => ({ ...r, cells: r.cells.filter((_, i) => keep[i]) })),
    details: (layout.details ?? []).map((d) => ({
      id: d.id,
      label: labelText(context.sport, context.locale, d.label),
      columns: d.columns.map((c) => viewColumn(c, context)),
    })),
    ...(sections.length > 0 ? { sections } : {}),
    legend: legendOf(found, module, context, (i) => shownTexts(rows[i]?.cells ?? [], rows[i]?.details)),
  };
}

export default projectTable;
