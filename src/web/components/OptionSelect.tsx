import type { ReactNode, SelectHTMLAttributes } from 'react';

export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

/**
 * A filter's labelled list: "all" first (the empty value), then the options. The forms' one way of
 * writing it (the schedule's sport and venue, a table's delegation); value or defaultValue and
 * onChange pass through, so a form sent without scripts and a filter that follows each change both
 * use it. `labelHidden`: the label is for screen readers only, where the list says what it is.
 */
export function OptionSelect({
  id,
  label,
  allLabel,
  options,
  labelHidden = false,
  ...select
}: {
  id: string;
  label: ReactNode;
  allLabel: string;
  options: readonly SelectOption[];
  labelHidden?: boolean;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'>) {
  return (
    <>
      <label htmlFor={id} className={labelHidden ? 'sr-only' : undefined}>
        {label}
      </label>
      <select id={id} {...select}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}
