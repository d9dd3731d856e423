/**
 * The part of the site's stylesheet one page can use, inlined in its head; the whole stylesheet
 * follows when the page wakes (entry-client.tsx). Inlined whole, the stylesheet (28 KB, 6.3 KB
 * gzipped) pushed the schedule's first HTML past the first round trip of a phone connection; a
 * page draws with a quarter of it (issue 27).
 *
 * Conservative by construction: a rule is left out only when each of its selectors names a class
 * that no element of the page has, so it cannot match the page as the server sent it (at any
 * width, in any state: media queries, hover and focus rules of the page's classes stay).
 * What only scripts add (an open dialog, a sorted column) waits for the whole stylesheet, which is
 * there before the page hydrates.
 */

/** One top-level piece of a stylesheet: a rule, a block of rules (`@media`) or an at-rule kept whole. */
export type StylePiece =
  | { readonly kind: 'rule'; readonly text: string; readonly needs: readonly (readonly string[])[] }
  | { readonly kind: 'block'; readonly prelude: string; readonly pieces: readonly StylePiece[] }
  | { readonly kind: 'always'; readonly text: string };

/** Where the block that opens at `open` (a `{`) closes: past quoted strings and nested blocks. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") i = stringEnd(css, i);
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return css.length - 1;
}

function stringEnd(css: string, start: number): number {
  for (let i = start + 1; i < css.length; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === css[start]) return i;
  }
  return css.length - 1;
}

/** Where the prelude that starts at `from` ends: its `{`, or the `;` of a statement (past quoted strings). */
function preludeEnd(css: string, from: number): number {
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") i = stringEnd(css, i);
    else if (c === '{' || c === ';') return i;
  }
  return css.length;
}

/** Splits `text` at its top-level commas (not those inside parentheses, brackets or strings). */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") i = stringEnd(text, i);
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}

/**
 * The classes a selector needs on the page. Arguments of `:not()`, `:is()`, `:has()` and the like,
 * attribute values and strings are left out: they need nothing for sure, so the rule is kept. An
 * escaped selector needs nothing either (kept, never misread).
 */
export function classesNeeded(selector: string): string[] {
  if (selector.includes('\\')) return [];
  const plain = selector
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)/g, '');
  return [...new Set([...plain.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!))];
}

/** Parses a stylesheet (as the build writes it) into pieces to choose from per page. */
export function parseStylesheet(css: string): StylePiece[] {
  const pieces: StylePiece[] = [];
  let at = 0;
  while (at < css.length) {
    const open = preludeEnd(css, at);
    // A statement at-rule (`@import …;`, `@layer a, b;`) has no block: kept as it is.
    if (css[open] === ';') {
      pieces.push({ kind: 'always', text: css.slice(at, open + 1) });
      at = open + 1;
      continue;
    }
    if (open >= css.length) break;
    const close = blockEnd(css, open);
    const prelude = css.slice(at, open).trim();
    const text = css.slice(at, close + 1).trim();
    if (/^@(media|supports|container|layer)\b/.test(prelude)) {
      pieces.push({ kind: 'block', prelude, pieces: parseStylesheet(css.slice(open + 1, close)) });
    } else if (prelude.startsWith('@') || prelude === '') {
      // @font-face, @keyframes, @property: small, and named from rules, not from the page.
      pieces.push({ kind: 'always', text });
    } else {
      pieces.push({ kind: 'rule', text, needs: topLevelParts(prelude).map(classesNeeded) });
    }
    at = close + 1;
  }
  return pieces;
}

/** Every class on an element of `html` (the page's markup as the server renders it). */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1]!.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** The stylesheet's text a page with these classes can use, in the stylesheet's order. */
export function stylesFor(pieces: readonly StylePiece[], classes: ReadonlySet<string>): string {
  let out = '';
  for (const piece of pieces) {
    if (piece.kind === 'always') out += piece.text;
    else if (piece.kind === 'rule') {
      if (piece.needs.some((needs) => needs.every((name) => classes.has(name)))) out += piece.text;
    } else {
      const inner = stylesFor(piece.pieces, classes);
      if (inner) out += `${piece.prelude}{${inner}}`;
    }
  }
  return out;
}

let parsed: { css: string; pieces: StylePiece[] } | undefined;

/**
 * The page's share of `css` (the site's whole stylesheet), the stylesheet parsed once per process;
 * `added` are classes something other than the server's markup puts in the page before it wakes.
 */
export function pageStyles(css: string, html: string, added: readonly string[] = []): string {
  if (parsed?.css !== css) parsed = { css, pieces: parseStylesheet(css) };
  const classes = classesIn(html);
  for (const name of added) classes.add(name);
  return stylesFor(parsed.pieces, classes);
}
