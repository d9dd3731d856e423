import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { ViewColumn } from '../../../core/views';
import type { DelegationOption } from '../../../core/views/find';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import type { RowFilterState } from './useRowFilter';
import { useHydrated } from '../../laterRows/LaterRows';
import { OptionSelect } from '../../components/OptionSelect';

/**
 * The address's other parameters (the tab, the language), kept by a filter sent without scripts.
 * In name order, as the server renders a page (its address made canonical): the same fields either way.
 */
function otherParameters(search: string): [string, string][] {
  const params = new URLSearchParams(search);
  params.sort();
  return [...params].filter(([name]) => name !== 'q' && name !== 'org');
}

/**
 * Above a long table: a box that finds a competitor by name (any language, pinyin, initials) or
 * delegation, a delegation filter, how many rows are shown. A form: without scripts it loads the
 * filtered page (`?q=`, `?org=`, filtered by the server); awake, it filters as the reader types.
 */
export function FilterBar({
  state,
  delegations,
  shown,
  total,
  children,
}: {
  state: RowFilterState;
  delegations: readonly DelegationOption[];
  /** Rows the filter keeps; undefined while the whole field is being read. */
  shown: number | undefined;
  total: number;
  /** Drawn at the end of the bar's line (the column chooser). */
  children?: ReactNode;
}) {
  const intl = useIntl();
  const { search } = useLocation();
  const id = useId();
  const filtered = state.filter.q !== '' || state.org !== '';
  const submit = (event: FormEvent) => event.preventDefault();
  const box = useRef<HTMLInputElement>(null);
  const { setText } = state;
  // The reader's first keystrokes wake the page (app/wakeScript.ts): what they typed before it
  // hydrated is in the box, not yet in the state. The box is uncontrolled for that reason:
  // hydration keeps what is in it, and it is read once.
  useEffect(() => {
    if (box.current && box.current.value !== box.current.defaultValue) setText(box.current.value);
  }, [setText]);
  // The delegation list comes with the awake page: the server's HTML filters by delegation through
  // its address (`?org=`) and the box (a delegation's code or name), without forty options to lay
  // out in its first frame (Chromium also drew a select's text anew once the whole stylesheet came).
  const awake = useHydrated();
  return (
    <form className="table-filter" role="search" method="get" onSubmit={submit}>
      {otherParameters(search).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={`${id}-q`} className="sr-only">
        <FormattedMessage id="table.filter.label" />
      </label>
      <input
        id={`${id}-q`}
        type="search"
        name="q"
        ref={box}
        defaultValue={state.text}
        maxLength={40}
        autoComplete="off"
        placeholder={intl.formatMessage({ id: 'table.filter.placeholder' })}
        onChange={(event) => state.setText(event.currentTarget.value)}
      />
      {awake && delegations.length > 1 ? (
        <OptionSelect
          id={`${id}-org`}
          name="org"
          label={<FormattedMessage id="table.filter.delegation" />}
          labelHidden
          allLabel={intl.formatMessage({ id: 'table.filter.allDelegations' })}
          options={delegations.map((d) => ({ value: d.code, label: d.label }))}
          value={state.org}
          onChange={(event) => state.setOrg(event.currentTarget.value)}
        />
      ) : null}
      {/* Sends the form where scripts do not run; awake, the table already follows each keystroke. */}
      <button type="submit" className="table-filter-send">
        <FormattedMessage id="table.filter.apply" />
      </button>
      {children}
      <output className="table-filter-count" aria-live="polite">
        {filtered && shown !== undefined ? (
          shown === 0 ? (
            <FormattedMessage id="table.filter.none" />
          ) : (
            <FormattedMessage id="table.filter.count" values={{ shown, total }} />
          )
        ) : null}
      </output>
    </form>
  );
}

/**
 * Which columns a table shows, chosen by the reader (a phone shows few): a disclosure of
 * checkboxes, remembered on the device. At least one column stays.
 */
export function ColumnChooser({
  columns,
  hidden,
  onChange,
}: {
  columns: readonly ViewColumn[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
}) {
  const shown = columns.length - hidden.length;
  return (
    <details className="column-chooser">
      <summary>
        <FormattedMessage id="table.columns" />
      </summary>
      <fieldset>
        <legend className="sr-only">
          <FormattedMessage id="table.columns" />
        </legend>
        {columns.map((column) => {
          const visible = !hidden.includes(column.id);
          return (
            <label key={column.id}>
              <input
                type="checkbox"
                checked={visible}
                disabled={visible && shown === 1}
                onChange={(event) =>
                  onChange(
                    event.currentTarget.checked ? hidden.filter((id) => id !== column.id) : [...hidden, column.id],
                  )
                }
              />
              {column.label}
            </label>
          );
        })}
      </fieldset>
    </details>
  );
}
