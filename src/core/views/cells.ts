import { scalarText } from '../valuePath';
import { DELEGATION_DISPLAY, type CellKind, type LocaleId } from '../sports/vocabulary';
import { namesOf } from './names';
import type { CellValue, MedalColour, RichCell } from './types';

export interface CellContext {
  readonly locale: LocaleId;
  /** Organisation code to its name in the locale (for titles); optional. */
  readonly organisations?: Readonly<Record<string, string>>;
  /** The document is a medal unit's settled result: ranks 1 to 3 are gold, silver and bronze. */
  readonly medalRanks?: boolean;
}

/** The medal a rank wins in a medal unit (two bronzes share rank 3 where a sport has them). */
const MEDAL_OF_RANK: Readonly<Record<string, MedalColour>> = { '1': 'gold', '2': 'silver', '3': 'bronze' };

const EMPTY: CellValue = '';

/** A cell that is its text alone travels as a bare string. */
const cell = (value: RichCell): CellValue => (Object.keys(value).length === 1 ? value.text : value);

/** How a column of each cell kind sorts when a spectator clicks its header. */
export function sortTypeOf(cell: CellKind): 'number' | 'text' | 'time' {
  switch (cell) {
    case 'number':
    case 'rank':
    case 'score':
    case 'bib':
      return 'number';
    case 'time':
    case 'diff':
      return 'time';
    default:
      return 'text';
  }
}

const MEDALS: Record<string, string> = {
  ME_GOLD: 'gold',
  GOLD: 'gold',
  G: 'gold',
  '1': 'gold',
  ME_SILVER: 'silver',
  SILVER: 'silver',
  S: 'silver',
  '2': 'silver',
  ME_BRONZE: 'bronze',
  BRONZE: 'bronze',
  B: 'bronze',
  '3': 'bronze',
};

function scalars(values: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    const text = scalarText(value);
    if (text !== undefined && text !== '') out.push(text);
  }
  return out;
}

/** A period, set or round: its score on this row, else its value. */
function periodText(value: unknown): string | undefined {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const element = value as Record<string, unknown>;
    return scalarText(element.Score) ?? scalarText(element.Value) ?? scalarText(element.Result);
  }
  return scalarText(value);
}

/**
 * The display value of one cell from the values its column's path selected in a row. Pure, total:
 * whatever the values, it returns a cell (an empty one when nothing fits).
 */
export function projectCell(kind: CellKind, values: readonly unknown[], row: unknown, context: CellContext): CellValue {
  switch (kind) {
    case 'name': {
      const names = namesOf(values, context.locale);
      if (names.length === 0) {
        const plain = scalars(values)[0];
        return plain ?? EMPTY;
      }
      const first = names[0]!;
      const text = names.map((n) => n.text).join(' / ');
      const short = names.map((n) => n.short).join(' / ');
      return cell({
        text,
        ...(short !== text ? { short } : {}),
        ...(names.length === 1 && first.code ? { link: first.code } : {}),
      });
    }
    case 'organisation': {
      const code = scalars(values)[0];
      if (!code) return EMPTY;
      const name = context.organisations?.[code];
      if (!name || name === code) return code;
      // By name: the name is the text and the code the link; by code: the name is the title (and shown where there is room).
      return DELEGATION_DISPLAY[context.locale] === 'name' ? { text: name, link: code } : { text: code, title: name };
    }
    case 'rank': {
      const rank = scalars(values)[0];
      if (!rank) return EMPTY;
      const equal = typeof row === 'object' && row !== null && (row as Record<string, unknown>).RankEqual === 'Y';
      const medal = context.medalRanks ? MEDAL_OF_RANK[rank] : undefined;
      return cell({ text: rank, ...(equal ? { equal: true } : {}), ...(medal ? { medal } : {}) });
    }
    case 'medal': {
      const value = scalars(values)[0];
      const medal = value ? MEDALS[value.toUpperCase()] : undefined;
      return medal ?? EMPTY;
    }
    case 'periods': {
      const parts = values.map(periodText).filter((t): t is string => t !== undefined && t !== '');
      return parts.length > 1 ? { text: parts.join(' '), parts } : (parts[0] ?? EMPTY);
    }
    case 'splits':
    case 'marks':
    case 'record': {
      const parts = scalars(values);
      return parts.length > 1 ? { text: parts.join(' '), parts } : (parts[0] ?? EMPTY);
    }
    case 'date': {
      const value = scalars(values)[0];
      return value ? value.slice(0, 10) : EMPTY;
    }
    case 'image': {
      const value = scalars(values)[0];
      // Only links of the web itself: a feed cannot smuggle a script URL into an image.
      return value && /^(https?:\/\/|\/)/.test(value) ? value : EMPTY;
    }
    default: {
      return scalars(values)[0] ?? EMPTY;
    }
  }
}
