import { WAKE_VISIBLE_ATTRIBUTE } from '../../app/wake';
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import type { TableView } from '../../../core/views';
import { cellViewOf, columnClass } from './CellView';
import { useClientLinks } from '../../components/clientLinks';
import { LoadAllRowsContext } from './allRows';
import { Legend } from './Legend';
import { useChangedRows } from './changes';
import { ResultRow, toggleClass, type MovedColumn } from './ResultRow';
import { BREAKPOINTS } from '../../../core/sports/vocabulary';
import { cellCode, collatorFor, WHOLE_TABLE_ROWS, type ViewRow } from '../../../core/views';
import { useLocale } from '../../app/locale';
import { BCP47 } from '../../i18n/locale';
import { useFollowed, type Followed } from '../../follow/followed';
import { SmallTable } from './SmallTable';
import { nextSort, sortRows, type TableSort } from './sorting';
import { useWindowedRows } from './virtualRows';

/** Fields longer than this are virtualised: only the rows in view (and a margin) are in the page. */
export const VIRTUAL_THRESHOLD = WHOLE_TABLE_ROWS;
const ESTIMATED_ROW_PX = 41;
const OVERSCAN = 12;
/**
 * The box's height the server assumes for a long field, before the browser measures it: the box is
 * at most 80% of the viewport's height (widgets.css `.table-scroll-long`), 720 px on a phone 900 px
 * tall. Rows past what the box shows wait for the page to wake (scrolling the box is a touch, a
 * wheel or a key; a taller window wakes it at once by the spacer below them): drawn in the HTML,
 * they were first-frame work.
 */
const INITIAL_HEIGHT = 720;

/**
 * The result table: columns from the plugin's layout, the core's named cells, sorting by any
 * column (irregular results stay last), row details, a sticky header, groups (a team's players, a
 * period's actions) and virtualised rendering for long fields.
 */
export function ResultTable({
  view,
  label,
  initialSorting,
}: {
  view: TableView;
  label: string;
  /** A sort to start from (a test's, say); the layout's order otherwise. */
  initialSorting?: readonly { id: string; desc: boolean }[];
}) {
  const intl = useIntl();
  const clientLinks = useClientLinks();
  const [sort, setSort] = useState<TableSort>(initialSorting?.[0]);
  const sorted = sort !== undefined;
  const locale = useLocale();
  const rows = useMemo(() => sortRows(view.rows, view.columns, sort, collatorFor(BCP47[locale])), [view, sort, locale]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const changed = useChangedRows(view);
  const scroller = useRef<HTMLDivElement>(null);
  // A first render of a big field holds its first rows: the box scrolls over the whole field, and
  // the rows past those held are asked for when the reader nears them or sorts.
  const total = view.rowCount ?? view.rows.length;
  const partial = total > view.rows.length;
  const count = partial && !sorted ? total : rows.length;
  const virtual = count > VIRTUAL_THRESHOLD;
  const windowed = useWindowedRows(scroller, {
    count,
    enabled: virtual,
    estimate: ESTIMATED_ROW_PX,
    overscan: OVERSCAN,
    initialHeight: INITIAL_HEIGHT,
  });
  const loadAll = useContext(LoadAllRowsContext);
  const nearEnd = (windowed.indexes.at(-1) ?? 0) >= rows.length - 2 * OVERSCAN;
  const wantsAll = partial && (sorted || nearEnd);
  const asked = useRef<TableView | undefined>(undefined);
  useEffect(() => {
    if (!wantsAll || !loadAll || asked.current === view) return;
    asked.current = view;
    loadAll();
  }, [wantsAll, loadAll, view]);
  const ownDetails = view.rows.some((r) => (r.details?.length ?? 0) > 0 || (r.more?.length ?? 0) > 0);
  const moved = useMemo(() => movedColumns(view.columns), [view.columns]);
  // The widest breakpoint a column leaves the row below: the toggle is needed up to there.
  const toggleBelow = BREAKPOINTS.findLast((bp) => moved.some(({ column }) => column.hideBelow === bp));
  const hasDetails = ownDetails || toggleBelow !== undefined;
  const followed = useFollowed();
  const isFollowedRow = useMemo(() => followedRows(view.columns, followed), [view.columns, followed]);
  const grouped = !sorted && view.rows.some((r) => r.group !== undefined);
  const span = view.columns.length + (hasDetails ? 1 : 0);

  // Open rows are kept here, not only in the page: a windowed row scrolled out and back reopens.
  const toggle = useCallback(
    (key: string, open: boolean) =>
      setExpanded((current) => {
        if (current.has(key) === open) return current;
        const next = new Set(current);
        if (open) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );

  const { before, after } = windowed;
  if (view.rows.length === 0) {
    return (
      <p className="empty">
        <FormattedMessage id="common.noData" />
      </p>
    );
  }

  return (
    <div className="result-table" onClick={clientLinks}>
      <div
        className={virtual ? 'table-scroll table-scroll-long' : 'table-scroll'}
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label={label}
      >
        <table className="data-table widget-table" aria-rowcount={virtual ? count + 1 : undefined}>
          <thead>
            <tr>
              {hasDetails ? (
                <th className={toggleClass(ownDetails ? undefined : toggleBelow)}>
                  <span className="sr-only">
                    <FormattedMessage id="widget.details" />
                  </span>
                </th>
              ) : null}
              {view.columns.map((column) => {
                const direction = sort?.id === column.id ? (sort.desc ? 'desc' : 'asc') : undefined;
                return (
                  <th
                    key={column.id}
                    className={columnClass(column)}
                    style={column.width ? { width: column.width } : undefined}
                    aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                  >
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() => setSort((current) => nextSort(current, column.id))}
                      title={intl.formatMessage({ id: 'widget.sortBy' }, { column: column.label })}
                    >
                      {column.label}
                      <span aria-hidden="true" className="sort-arrow">
                        {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : ''}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          {before > 0 ? (
            <tbody aria-hidden="true">
              <tr style={{ height: before }} />
            </tbody>
          ) : null}
          {windowed.indexes.map((index) => {
            const row = rows[index];
            if (!row) {
              // A row not read yet says so (once for assistive technology: the first in the window).
              const first = index === Math.max(rows.length, windowed.indexes[0] ?? 0);
              return (
                <tbody key={`pending-${index}`} aria-hidden={!first}>
                  <tr className="row-pending">
                    <td colSpan={span}>
                      <FormattedMessage id="widget.loadingRows" values={{ total: intl.formatNumber(total) }} />
                    </td>
                  </tr>
                </tbody>
              );
            }
            const data = row;
            const previous = index > 0 ? rows[index - 1] : undefined;
            return (
              <ResultRow
                key={data.key}
                data={data}
                index={index}
                columns={view.columns}
                details={view.details}
                hasDetails={hasDetails}
                moved={moved}
                toggleBelow={toggleBelow}
                followed={isFollowedRow(data)}
                open={expanded.has(data.key)}
                changed={changed.has(data.key)}
                showGroup={grouped && data.group !== undefined && data.group !== previous?.group}
                span={span}
                virtual={virtual}
                measure={windowed.measure}
                onToggle={toggle}
              />
            );
          })}
          {after > 0 ? (
            // Rows below those drawn: nearing them wakes a page still served as HTML (app/wake.ts).
            <tbody aria-hidden="true" {...{ [WAKE_VISIBLE_ATTRIBUTE]: '' }}>
              <tr style={{ height: after }} />
            </tbody>
          ) : null}
        </table>
      </div>
      {view.sections?.map((section) => (
        <div key={section.id} className="table-scroll table-section">
          <SmallTable table={section} rows={section.rows} />
        </div>
      ))}
      <Legend entries={view.legend} />
    </div>
  );
}

/** The columns that leave the row on narrow screens, in table order. */
function movedColumns(columns: TableView['columns']): MovedColumn[] {
  return columns.flatMap((column, index) => (column.hideBelow ? [{ column, index }] : []));
}

/** Whether a row is a followed delegation's or athlete's: by the codes of the cells whose kind follows one. */
function followedRows(columns: TableView['columns'], followed: Followed): (row: ViewRow) => boolean {
  if (followed.delegations.length === 0 && followed.athletes.length === 0) return () => false;
  const codesOf = { delegations: new Set(followed.delegations), athletes: new Set(followed.athletes) };
  const checks = columns.flatMap((column, index) => {
    const follows = cellViewOf(column.cell).follows;
    return follows ? [{ index, codes: codesOf[follows] }] : [];
  });
  return (row) =>
    checks.some(({ index, codes }) => {
      const code = cellCode(row.cells[index]);
      return code !== undefined && codes.has(code);
    });
}
