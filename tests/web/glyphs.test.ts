/**
 * Every character the site itself writes (its components' strings and text, its stylesheet's
 * generated content, the message catalogues, the sports' plugins) is in the font the stylesheet
 * names first. A character that font lacks sends the browser searching the installed fonts for one
 * that has it on the first layout of every page that shows it: "☰" in the header did, and cost
 * 0.05 to 0.1 s of the schedule's LCP in Lighthouse (docs/operations.md). Data (athletes' names) is
 * not the site's to choose and is not checked. Uses fontconfig's `fc-match` (with Debian's
 * fonts-noto-cjk, as CI installs it).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';

const files = (dir: string, ends: string[]): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && ends.some((end) => entry.name.endsWith(end)))
    .map((entry) => join(entry.parentPath, entry.name));

/** The text a component can show: string literals, template parts and JSX text, not comments. */
function scriptText(path: string): string {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false);
  const parts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isJsxText(node) || ts.isTemplateLiteralToken(node)) parts.push(node.text);
    node.forEachChild(visit);
  };
  visit(source);
  return parts.join('');
}

/** The stylesheet without its comments: generated content is the only text it draws. */
const stylesheetText = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');

const jsonText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.map(jsonText).join('')
      : value && typeof value === 'object'
        ? Object.values(value).map(jsonText).join('')
        : '';

/** The code points of a fontconfig charset ("20-7e a0-103 ..."). */
function charset(ranges: string): (codePoint: number) => boolean {
  const spans = ranges
    .trim()
    .split(/\s+/)
    .map((range) => range.split('-').map((hex) => parseInt(hex, 16)))
    .map(([from, to]) => [from!, to ?? from!] as const);
  return (codePoint) => spans.some(([from, to]) => codePoint >= from && codePoint <= to);
}

const stylesheet = readFileSync(join(ROOT, 'src/web/styles.css'), 'utf8');
const firstFamily = /font-family:\s*'([^']+)'/.exec(stylesheet)?.[1];

/** The family fontconfig matches for the stylesheet's first, and what that font covers (asked once). */
let matchedFont: { family: string; covered: (codePoint: number) => boolean } | undefined;
function firstFont() {
  if (!matchedFont) {
    const [family, ranges] = execFileSync('fc-match', ['--format=%{family[0]}|%{charset}', firstFamily!], {
      encoding: 'utf8',
    }).split('|');
    matchedFont = { family: family!, covered: charset(ranges!) };
  }
  return matchedFont;
}

describe("the site's own characters", () => {
  it('are all in the font the stylesheet names first', () => {
    expect(firstFamily, 'the stylesheet names its first font in quotes').toBeDefined();
    const { family, covered } = firstFont();
    expect(family, `fontconfig has "${firstFamily}" (apt-get install fonts-noto-cjk)`).toBe(firstFamily);

    const sources = new Map<string, string>();
    for (const path of files(join(ROOT, 'src/web'), ['.ts', '.tsx'])) sources.set(path, scriptText(path));
    for (const path of files(join(ROOT, 'src/web'), ['.css']))
      sources.set(path, stylesheetText(readFileSync(path, 'utf8')));
    for (const path of [
      ...files(join(ROOT, 'src/web/i18n/messages'), ['.json']),
      ...files(join(ROOT, 'sports'), ['.json']),
    ])
      sources.set(path, jsonText(JSON.parse(readFileSync(path, 'utf8'))));

    const missing: string[] = [];
    for (const [path, text] of sources) {
      for (const character of new Set(text)) {
        const codePoint = character.codePointAt(0)!;
        // Controls and whitespace draw no glyph.
        if (codePoint < 0x20 || /\s/.test(character)) continue;
        if (!covered(codePoint))
          missing.push(
            `${relative(ROOT, path)}: "${character}" U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`,
          );
      }
    }
    expect(sources.size).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('would name a character the font lacks', () => {
    const { covered } = firstFont();
    expect(covered('赛'.codePointAt(0)!)).toBe(true);
    expect(covered('☰'.codePointAt(0)!)).toBe(false);
  });
});
