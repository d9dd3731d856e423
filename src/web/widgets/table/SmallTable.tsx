import type { CellValue, ViewDetail } from '../../../core/views';
import { CellView, columnClass } from './CellView';

export interface SmallTableProps {
  /** The columns and caption: a row's detail (splits, members) or a section of the document (periods). */
  readonly table: ViewDetail;
  readonly rows: readonly (readonly CellValue[])[];
}

/** A captioned table of a few rows: a row's details, or a section read from the document itself. */
export function SmallTable({ table, rows }: SmallTableProps) {
  return (
    <table className="detail-table">
      <caption>{table.label}</caption>
      <thead>
        <tr>
          {table.columns.map((c) => (
            <th key={c.id} className={columnClass(c)}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, r) => (
          <tr key={r}>
            {table.columns.map((c, k) => (
              <td key={c.id} className={columnClass(c)}>
                <CellView column={c} value={cells[k]} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
