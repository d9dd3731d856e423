/**
 * A result table's cell as the CSV writes it: the text the page's cell gives a reader on a wide
 * screen, as the cell kinds' views draw it (src/cells/<kind>/view.tsx), read as assistive technology
 * reads it (what is `aria-hidden` left out, what is only for screen readers kept, since a CSV has no
 * colours either). tests/server/csvCells.test.ts draws every kind's view and holds the two equal.
 */
import { isDelegationColumn } from '../../core/views/cells';
import { MEDAL_COLOURS, type CellValue, type MedalColour, type RichCell } from '../../core/views/types';
import type { CellKind } from '../../core/sports/vocabulary';

/** The words a cell's drawing takes from the site's messages: a medal's name in the page's language. */
export interface CellWords {
  medal(colour: MedalColour): string;
}

const isMedalColour = (text: string): text is MedalColour => (MEDAL_COLOURS as readonly string[]).includes(text);

export function cellCsvText(kind: CellKind, raw: CellValue | undefined, words: CellWords): string {
  if (raw === undefined || raw === '') return '';
  const value: RichCell = typeof raw === 'string' ? { text: raw } : raw;
  // An empty text draws nothing at all (web/widgets/table/CellView.tsx), whatever else the cell holds.
  if (value.text === '') return '';
  // A medal is a dot in its colour, named for screen readers: the name is its text.
  if (kind === 'medal') return isMedalColour(value.text) ? words.medal(value.text) : '';
  // An image is a button that opens it; a spreadsheet cannot press one, so it gets the address.
  if (kind === 'image') return value.text;
  // Splits, periods, marks and records: each part side by side.
  if (value.parts) return value.parts.join(' ');
  // A rank: its medal's name for screen readers, `=` when shared.
  const text = `${value.medal ? `${words.medal(value.medal)} ` : ''}${value.equal ? '=' : ''}${value.text}`;
  // A delegation shown by its code has its name beside it on a wide screen.
  return isDelegationColumn({ cell: kind }) && value.title ? `${text} ${value.title}` : text;
}
