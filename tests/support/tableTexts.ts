/**
 * What a page's tables say, as text: for each `<table>` of the page's main part, its rows, each a
 * list of its cells' texts (tags dropped, entities read, spaces collapsed). Compares what a reader
 * gets from two versions of the site without comparing their markup.
 */
import { markupText } from './markupText';

export function tableTexts(html: string): string[][][] {
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html;
  // Scripts and styles hold no cell; a table inside a table (a row's details) is read as its own.
  const body = main.replace(/<(script|style)[\s\S]*?<\/\1>/g, '');
  return [...body.matchAll(/<table[\s\S]*?<\/table>/g)].map(([table]) =>
    [...table.matchAll(/<tr[\s\S]*?<\/tr>/g)].map(([row]) =>
      [...row.matchAll(/<(td|th)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((cell) => markupText(cell[2] ?? '')),
    ),
  );
}
