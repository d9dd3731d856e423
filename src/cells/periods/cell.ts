import { scalarText } from '../../core/valuePath';
import { defineCell } from '../definition';
import { partsCell } from '../values';

/** A period, set or round: its score on this row, else its value. */
function periodText(value: unknown): string | undefined {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const element = value as Record<string, unknown>;
    return scalarText(element.Score) ?? scalarText(element.Value) ?? scalarText(element.Result);
  }
  return scalarText(value);
}

/** A match's periods, sets or rounds, in order: each its score for this row. */
export default defineCell({
  sort: 'text',
  priority: 'optional',
  project: (values) => partsCell(values.map(periodText).filter((t): t is string => t !== undefined && t !== '')),
});
