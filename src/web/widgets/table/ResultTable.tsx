import { WAKE_VISIBLE_ATTRIBUTE } from '../../app/wake';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import type { TableView } from '../../../core/views';
import { cellViewOf, columnClass } from './CellView';
import { useClientLinks } from '../../components/clientLinks';
import { LoadAllRowsContext } from './allRows';
import { Legend } from './Legend';
import { useChangedRows } from './changes';
import { ResultRow, toggleClass } from './ResultRow';
import { BREAKPOINTS } from '../../../core/sports/vocabulary';
import { cellCode, collatorFor, WHOLE_TABLE_ROWS, type ViewRow } from '../../../core/views';
import { useLocale } from '../../app/locale';
import { BCP47 } from '../../i18n/locale';
import { useFollowed, type Followed } from '../../follow/followed';
import { SmallTable } from './SmallTable';
import { nextSorting } from './model/columns';
import type { ReaderSorting } from './model/types';
import { useResultModel } from './model/useResultModel';
import { ColumnChooser, FilterBar } from './TableTools';
import { useHiddenColumns } from './hiddenColumns';
import { useRowFilter } from './useRowFilter';
import { useHydrated } from '../../laterRows/LaterRows';
import { FIND_MIN_ROWS, isFiltered, NO_FILTER, sameFilter } from '../../../core/views/find';
import { delegationsOf } from '../../../core/views/project';
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
  const [sorting, setSorting] = useState<ReaderSorting>(() => [...(initialSorting ?? [])]);
  const sorted = sorting.length > 0;
  const locale = useLocale();
  const rowFilter = useRowFilter();
  const total = view.rowCount ?? view.rows.length;
  // Only a long table with something to find by has the filter box; a short one ignores `?q=`.
  const filterable =
    total >= FIND_MIN_ROWS &&
    (view.findable === true || view.chosenBy !== undefined || view.rows.some((row) => row.find !== undefined));
  const filter = filterable ? rowFilter.filter : NO_FILTER;
  const [hidden, setHidden] = useHiddenColumns(view.columns);
  const model = useResultModel(view, {
    collator: collatorFor(BCP47[locale]),
    sorting,
    onSortingChange: setSorting,
    filter,
    hidden,
  });
  const { rows, visible } = model;
  const changed = useChangedRows(view);
  const scroller = useRef<HTMLDivElement>(null);
  // A first render of a big field holds its first rows (or those a `?q=` link's filter kept): the
  // box scrolls over the whole field, and the rows past those held are asked for when the reader
  // nears them, sorts, or filters otherwise than the server did.
  const partial = total > view.rows.length;
  const chosen = sameFilter(view.chosenBy, filter);
  // Filtered otherwise than the server did, a field held in part waits for the rest: a line says so.
  const awaitingAll = partial && !chosen && isFiltered(filter);
  const count =
    partial && !sorted && !chosen && !isFiltered(filter) ? total : awaitingAll ? rows.length + 1 : rows.length;
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
  const wantsAll = partial && !chosen && (sorted || nearEnd || isFiltered(filter) || view.chosenBy !== undefined);
  const asked = useRef<TableView | undefined>(undefined);
  useEffect(() => {
    if (!wantsAll || !loadAll || asked.current === view) return;
    asked.current = view;
    loadAll();
  }, [wantsAll, loadAll, view]);
  const ownDetails = view.rows.some((r) => (r.details?.length ?? 0) > 0 || (r.more?.length ?? 0) > 0);
  const moved = useMemo(() => visible.filter(({ column }) => column.hideBelow !== undefined), [visible]);
  // The widest breakpoint a column leaves the row below: the toggle is needed up to there.
  const toggleBelow = BREAKPOINTS.findLast((bp) => moved.some(({ column }) => column.hideBelow === bp));
  const hasDetails = ownDetails || toggleBelow !== undefined;
  const followed = useFollowed();
  const isFollowedRow = useMemo(() => followedRows(view.columns, followed), [view.columns, followed]);
  const grouped = !sorted && view.rows.some((r) => r.group !== undefined);
  const span = visible.length + (hasDetails ? 1 : 0);
  const delegationOptions = useMemo(() => {
    if (!filterable) return [];
    const collator = collatorFor(BCP47[locale]);
    return [...delegationsOf(view)].sort((a, b) => collator.compare(a.label, b.label));
  }, [filterable, view, locale]);
  const toggle = model.setOpen;
  // A table of a few columns has nothing to choose.
  // It needs scripts to do anything: it comes with the awake page, not in the server's HTML.
  const awake = useHydrated();
  const chooser =
    awake && view.columns.length > 2 ? (
      <ColumnChooser columns={view.columns} hidden={hidden} onChange={setHidden} />
    ) : null;

  const { before, after } = windowed;
  if (view.rows.length === 0 && !view.chosenBy) {
    return (
      <p className="empty">
        <FormattedMessage id="common.noData" />
      </p>
    );
  }

  return (
    <div className="result-table" onClick={clientLinks}>
      {filterable ? (
        <FilterBar
          state={rowFilter}
          delegations={delegationOptions}
          shown={awaitingAll ? undefined : count}
          total={total}
        >
          {chooser}
        </FilterBar>
      ) : chooser ? (
        <div className="table-tools">{chooser}</div>
      ) : null}
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
              {visible.map(({ column }) => {
                const place = sorting.findIndex((s) => s.id === column.id);
                const direction = place < 0 ? undefined : sorting[place]!.desc ? 'desc' : 'asc';
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
                      // Shift adds the column to the sort (several columns); a plain click sorts by it alone.
                      onClick={(event) => setSorting((current) => nextSorting(current, column.id, event.shiftKey))}
                      title={intl.formatMessage({ id: 'widget.sortBy' }, { column: column.label })}
                    >
                      {column.label}
                      <span aria-hidden="true" className="sort-arrow">
                        {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : ''}
                        {sorting.length > 1 && place >= 0 ? place + 1 : ''}
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
                columns={visible}
                details={view.details}
                hasDetails={hasDetails}
                moved={moved}
                toggleBelow={toggleBelow}
                followed={isFollowedRow(data)}
                open={model.isOpen(data.key)}
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
