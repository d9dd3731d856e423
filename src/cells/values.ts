import { scalarText } from '../core/valuePath';
import type { CellValue, RichCell } from '../core/views/types';

/** The cell of nothing fitting. */
export const EMPTY: CellValue = '';

/** A cell that is its text alone travels as a bare string. */
export const richCell = (value: RichCell): CellValue => (Object.keys(value).length === 1 ? value.text : value);

/** The values that are non-empty scalars, as text. */
export function scalars(values: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    const text = scalarText(value);
    if (text !== undefined && text !== '') out.push(text);
  }
  return out;
}

/** A cell of several parts (splits, marks ...): one part is a plain cell. */
export const partsCell = (parts: readonly string[]): CellValue =>
  parts.length > 1 ? { text: parts.join(' '), parts: [...parts] } : (parts[0] ?? EMPTY);

/** Seconds as a result reads: `52.34`, `1:52.34`, `2:05:07`. */
export function formatSeconds(s: number): string {
  if (s < 60) return s.toFixed(2);
  const m = Math.floor(s / 60);
  const rest = s - m * 60;
  if (m < 60) return `${m}:${rest.toFixed(2).padStart(5, '0')}`;
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${rest.toFixed(0).padStart(2, '0')}`;
}
