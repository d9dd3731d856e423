/**
 * What a view shows a reader, as texts: the legend lists a mark only where a row shows it (its code,
 * its title or the value that carries it is one of these texts), not where it hides in the document.
 */
import type { CellValue, RowDetails } from './types';

/** Adds the texts a cell shows: its text, short form, title and parts; `=` for a shared rank, drawn so. */
function addCell(texts: Set<string>, value: CellValue | undefined): void {
  if (value === undefined || value === '') return;
  if (typeof value === 'string') {
    texts.add(value);
    return;
  }
  for (const text of [value.text, value.short, value.title, ...(value.parts ?? [])]) if (text) texts.add(text);
  if (value.equal) texts.add('=');
}

/** The texts a row shows: its cells and, folded under it, its details' cells. */
export function shownTexts(cells: readonly (CellValue | undefined)[], details?: RowDetails): Set<string> {
  const texts = new Set<string>();
  for (const cell of cells) addCell(texts, cell);
  for (const rows of details ?? []) for (const row of rows) for (const cell of row) addCell(texts, cell);
  return texts;
}
