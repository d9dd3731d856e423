import type { ReactNode } from 'react';
import { FormattedMessage } from '../i18n/intl';

/** A column of a section table: its header (a message id) and how a row fills its cell. */
export interface DataColumn<Row> {
  /** The header's message id; a table none of whose columns has one has no header row. */
  readonly header?: string;
  readonly cell: (row: Row, index: number) => ReactNode;
  /** The cell names the row (`<th scope="row">`), as a delegation or a sport does in its table. */
  readonly rowHeader?: boolean;
  /** Classes of the column's header and cells (`hide-narrow` ...). */
  readonly className?: string;
  /** Classes of the header alone (a medal's colour). */
  readonly headerClassName?: string;
}

export interface DataTableProps<Row> {
  readonly rows: readonly Row[];
  readonly columns: readonly DataColumn<Row>[];
  readonly rowKey: (row: Row, index: number) => string | number;
  /** Classes beside `data-table`. */
  readonly className?: string;
  readonly rowClassName?: (row: Row) => string | undefined;
  readonly labelledBy?: string;
  /** Shown instead of an empty table; the common "no data" line unless given. */
  readonly empty?: ReactNode;
  /** The table scrolls sideways in its own box when it is wider than the page (many columns). */
  readonly scroll?: boolean;
}

const NO_DATA = (
  <p className="empty">
    <FormattedMessage id="common.noData" />
  </p>
);

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/**
 * The site's plain tables of derived data (delegations, medallists, records, a sport's schedule):
 * one definition of their markup, so each page says only its columns. Results are drawn by the
 * plugins' table widget, not by this.
 */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  className,
  rowClassName,
  labelledBy,
  empty = NO_DATA,
  scroll = false,
}: DataTableProps<Row>) {
  if (rows.length === 0) return <>{empty}</>;
  const headed = columns.some((column) => column.header);
  const table = (
    <table className={classes('data-table', className)} aria-labelledby={labelledBy}>
      {headed ? (
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className={classes(column.headerClassName, column.className)}>
                {column.header ? <FormattedMessage id={column.header} /> : null}
              </th>
            ))}
          </tr>
        </thead>
      ) : null}
      <tbody>
        {rows.map((row, r) => (
          <tr key={rowKey(row, r)} className={rowClassName?.(row)}>
            {columns.map((column, i) =>
              column.rowHeader ? (
                <th key={i} scope="row" className={column.className}>
                  {column.cell(row, r)}
                </th>
              ) : (
                <td key={i} className={column.className}>
                  {column.cell(row, r)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return scroll ? <div className="table-scroll">{table}</div> : table;
}
