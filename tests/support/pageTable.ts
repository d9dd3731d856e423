/**
 * A page's table as a reader gets it, read from the server's HTML: its rows (the header's, the
 * body's, the footer's), each a list of its cells' texts as assistive technology reads them: what is
 * `aria-hidden` left out (a phone's short name, a sort arrow, a medal's dot), what is there for
 * screen readers only kept, tags dropped, entities read, spaces collapsed. A row's folded details
 * (the tables inside it) and the column of their toggles are not the table's own rows and cells.
 * The CSV downloads are checked against it (tests/server/csv*.test.ts).
 */
import { markupText } from './markupText';

/** The text of a piece of markup as a reader gets it. */
export function readableText(html: string): string {
  // React's marks between adjacent texts (`=<!-- -->1`) are no space; a tag may be one.
  return markupText(withoutHidden(html).replace(/<!--[\s\S]*?-->/g, ''));
}

/** Markup without its `aria-hidden` elements (none of which nests its own tag in the site's markup). */
const withoutHidden = (html: string): string =>
  html.replace(/<(\w+)\b[^>]*\saria-hidden="true"[^>]*>[\s\S]*?<\/\1>/g, ' ');

/** Each `<table>` element of `html` that opens with a tag holding `opening`, whole (nested tables in it). */
function tablesOpening(html: string, opening: string): string[] {
  const found: string[] = [];
  let from = 0;
  for (;;) {
    const start = html.indexOf(opening, from);
    if (start < 0) return found;
    const tag = /<table\b|<\/table>/g;
    tag.lastIndex = html.lastIndexOf('<table', start);
    let depth = 0;
    let match: RegExpExecArray | null;
    while ((match = tag.exec(html))) {
      depth += match[0] === '</table>' ? -1 : 1;
      if (depth === 0) break;
    }
    const end = match ? tag.lastIndex : html.length;
    found.push(html.slice(html.lastIndexOf('<table', start), end));
    from = end;
  }
}

/** The table's own markup: the tables nested in it (a row's details) taken out. */
function ownMarkup(table: string): string {
  let out = '';
  let depth = 0;
  let last = 0;
  for (const match of table.matchAll(/<table\b[^>]*>|<\/table>/g)) {
    if (depth === 1) out += table.slice(last, match.index);
    const closing = match[0] === '</table>';
    depth += closing ? -1 : 1;
    // The outer table's own tags only.
    if ((depth === 1 && !closing) || depth === 0) out += match[0];
    last = match.index + match[0].length;
  }
  return out;
}

/**
 * The rows of the table whose opening tag holds `opening` (a class, say `class="data-table medal-table"`),
 * in the page's `<main>`; where the page has several (the medal table's first screen, and its whole
 * copy for later rows), the longest. A row of one cell spanning the table (a group's heading) is
 * padded to the table's width with empty cells, as a CSV writes it.
 */
export function pageTable(html: string, opening: string): string[][] {
  const main = (/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html).replace(/<(script|style)[\s\S]*?<\/\1>/g, '');
  const tables = tablesOpening(main, opening).map((table) => rowsOf(ownMarkup(table)));
  const longest = tables.sort((a, b) => b.length - a.length)[0];
  if (!longest) throw new Error(`the page has no table ${opening}`);
  const width = Math.max(...longest.map((row) => row.length));
  return longest.map((row) => (row.length === 1 && width > 1 ? [row[0]!, ...Array<string>(width - 1).fill('')] : row));
}

function rowsOf(table: string): string[][] {
  return [...withoutHidden(table).matchAll(/<tr\b([^>]*)>([\s\S]*?)<\/tr>/g)]
    .filter(([, attributes]) => !/class="[^"]*\b(detail-row|row-pending)\b/.test(attributes ?? ''))
    .map(([, , row]) =>
      [...(row ?? '').matchAll(/<(td|th)\b([^>]*)>([\s\S]*?)<\/\1>/g)]
        .filter((cell) => !/details-toggle-col/.test(cell[2] ?? ''))
        .map((cell) => readableText(cell[3] ?? '')),
    );
}
