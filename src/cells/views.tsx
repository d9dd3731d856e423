import type { CellViewDefinition } from './definition';

/** A cell drawn as its text: the view of a folder without `view.tsx`. */
export const plainView: CellViewDefinition = { Cell: ({ value }) => <>{value.text}</> };

/** A cell of several parts (splits, periods, marks, records), each in its own span. */
export const partsView: CellViewDefinition = {
  Cell: ({ value, kind }) => (
    <span className={`cell-parts cell-${kind}`}>
      {(value.parts ?? [value.text]).map((part, i) => (
        <span key={i}>{part}</span>
      ))}
    </span>
  ),
};
