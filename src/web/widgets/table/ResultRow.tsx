import { MoreList } from '../../more/MoreList';
import { memo } from 'react';
import { useIntl } from '../../i18n/intl';
import { cellText, type TableView, type ViewColumn, type ViewRow } from '../../../core/views';
import type { Breakpoint } from '../../../core/sports/vocabulary';
import { CellView, columnClass } from './CellView';
import { SmallTable } from './SmallTable';

export interface ResultRowProps {
  readonly data: ViewRow;
  /** The row's place in the drawn order (sorted or not), for windowing and assistive technology. */
  readonly index: number;
  /** The columns drawn (those the reader did not hide), with their places in the row's cells. */
  readonly columns: readonly MovedColumn[];
  readonly details: TableView['details'];
  readonly hasDetails: boolean;
  /** Columns that leave the row on narrow screens: shown in its details there. */
  readonly moved: readonly MovedColumn[];
  /** Below this breakpoint only, a row with no details of its own has a toggle (for its moved columns). */
  readonly toggleBelow: Breakpoint | undefined;
  /** The row is a followed delegation's or athlete's (highlighted). */
  readonly followed: boolean;
  readonly open: boolean;
  readonly changed: boolean;
  /** The group's heading goes above this row (the first of its group in the drawn order). */
  readonly showGroup: boolean;
  readonly span: number;
  readonly virtual: boolean;
  readonly measure: (element: HTMLElement | null) => (() => void) | undefined;
  /** The row's disclosure opened or closed (by the reader, or by the browser restoring it). */
  readonly onToggle: (key: string, open: boolean) => void;
}

/**
 * One row of the result table and its details. Memoised on its props: scrolling, measuring or a
 * live refresh re-renders only the rows that moved or changed, not the whole window.
 */
export const ResultRow = memo(function ResultRow({
  data,
  index,
  columns,
  details,
  hasDetails,
  moved,
  toggleBelow,
  followed,
  open,
  changed,
  showGroup,
  span,
  virtual,
  measure,
  onToggle,
}: ResultRowProps) {
  const intl = useIntl();
  const ownDetails = (data.details?.length ?? 0) > 0 || (data.more?.length ?? 0) > 0;
  const folds = ownDetails || toggleBelow !== undefined;
  return (
    <tbody
      data-index={index}
      ref={virtual ? measure : undefined}
      className={[changed ? 'row-changed' : '', open ? 'row-open' : ''].join(' ').trim() || undefined}
    >
      {showGroup ? (
        <tr className="group-row">
          <th colSpan={span} scope="colgroup">
            {data.group}
          </th>
        </tr>
      ) : null}
      <tr
        className={
          [data.irregular ? 'row-irregular' : '', followed ? 'row-followed' : ''].join(' ').trim() || undefined
        }
        aria-rowindex={virtual ? index + 2 : undefined}
      >
        {hasDetails ? (
          <td className={toggleClass(ownDetails ? undefined : toggleBelow)}>
            {folds ? (
              // A native disclosure: it opens without scripts (the detail row below follows it in CSS),
              // and the browser gives it the keyboard and the expanded state a button had.
              <details
                className="row-toggle"
                open={open}
                onToggle={(event) => onToggle(data.key, event.currentTarget.open)}
              >
                <summary className="details-toggle" aria-label={intl.formatMessage({ id: 'widget.details' })} />
              </details>
            ) : null}
          </td>
        ) : null}
        {columns.map(({ column, index: i }) => (
          <td key={column.id} className={columnClass(column)}>
            <CellView column={column} value={data.cells[i]} />
          </td>
        ))}
      </tr>
      {folds ? <DetailRow data={data} details={details} moved={moved} span={span} /> : null}
    </tbody>
  );
});

/**
 * A row's details, always in the HTML (a reader without scripts, a search engine and the offline copy
 * see the relay's runners and a team's players) and shown only while the row's disclosure is open.
 */
function DetailRow({ data, details, moved, span }: Pick<ResultRowProps, 'data' | 'details' | 'moved' | 'span'>) {
  return (
    <tr className="detail-row">
      <td colSpan={span}>
        {moved.length > 0 ? (
          <dl className="row-moved">
            {moved.map(({ column, index: i }) =>
              cellText(data.cells[i]) === '' ? null : (
                <div key={column.id} className={`show-below-${column.hideBelow ?? 'sm'}`}>
                  <dt>{column.label}</dt>
                  <dd>
                    <CellView column={column} value={data.cells[i]} />
                  </dd>
                </div>
              ),
            )}
          </dl>
        ) : null}
        {details.map((detail, d) => {
          const cellRows = data.details?.[d] ?? [];
          return cellRows.length === 0 ? null : <SmallTable key={detail.id} table={detail} rows={cellRows} />;
        })}
        {data.more ? <MoreList items={data.more} /> : null}
      </td>
    </tr>
  );
}

/** A column with its place in the row's cells (one drawn, or one that leaves the row on narrow screens). */
export interface MovedColumn {
  readonly column: ViewColumn;
  readonly index: number;
}

/** The toggle's cell: always there, or only below a breakpoint (for a row whose only details are moved columns). */
export const toggleClass = (below: Breakpoint | undefined): string =>
  below ? `details-toggle-col only-below-${below}` : 'details-toggle-col';
