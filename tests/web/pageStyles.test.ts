import { describe, expect, it } from 'vitest';
import { classesIn, classesNeeded, pageStyles, parseStylesheet, stylesFor } from '../../src/web/app/pageStyles';

const css = [
  ':root{--text:#123}',
  'body{margin:0}',
  '.a{color:red}',
  '.a .b,.c:hover{color:blue}',
  '.d:not(.e){color:green}',
  '.f[data-x="}.g{"]{content:"{.h}"}',
  '@media (width<=640px){.a{margin:0}.z{margin:1px}}',
  '@media (width>=960px){.z{padding:0}}',
  '@keyframes pulse{0%{opacity:1}to{opacity:.5}}',
  '@font-face{font-family:x;src:url(x.woff2)}',
].join('');

describe('the classes a selector needs', () => {
  it('are the classes of every compound, not those inside functional pseudo-classes or attributes', () => {
    expect(classesNeeded('.a .b>.c')).toEqual(['a', 'b', 'c']);
    expect(classesNeeded('.d:not(.e)')).toEqual(['d']);
    expect(classesNeeded('tbody:has(>tr>td>.row-toggle[open])')).toEqual([]);
    expect(classesNeeded('a[href$=".pdf"]')).toEqual([]);
    expect(classesNeeded(':is(.x,.y) .z::before')).toEqual(['z']);
  });

  it('are none for an escaped selector, which is then always kept', () => {
    expect(classesNeeded('.md\\:wide')).toEqual([]);
  });
});

describe('a page’s share of the stylesheet', () => {
  const pieces = parseStylesheet(css);

  it('keeps rules without classes and the rules whose classes are all on the page', () => {
    const out = stylesFor(pieces, new Set(['a']));
    expect(out).toContain(':root{--text:#123}');
    expect(out).toContain('body{margin:0}');
    expect(out).toContain('.a{color:red}');
    expect(out).not.toContain('.a .b');
    expect(out).not.toContain('.d:not');
  });

  it('keeps a rule when any selector of its list can match, as written', () => {
    expect(stylesFor(pieces, new Set(['c']))).toContain('.a .b,.c:hover{color:blue}');
    expect(stylesFor(pieces, new Set(['a', 'b']))).toContain('.a .b,.c:hover{color:blue}');
  });

  it('does not need a class only named inside :not()', () => {
    expect(stylesFor(pieces, new Set(['d']))).toContain('.d:not(.e){color:green}');
  });

  it('reads past braces and classes inside strings', () => {
    expect(pieces.filter((piece) => piece.kind === 'rule').map((piece) => piece.text)).toContain(
      '.f[data-x="}.g{"]{content:"{.h}"}',
    );
    expect(stylesFor(pieces, new Set(['f']))).toContain('.f[data-x="}.g{"]{content:"{.h}"}');
  });

  it('keeps a media block with the rules of it the page can use, and drops an empty one', () => {
    const out = stylesFor(pieces, new Set(['a']));
    expect(out).toContain('@media (width<=640px){.a{margin:0}}');
    expect(out).not.toContain('width>=960px');
    expect(stylesFor(pieces, new Set(['z']))).toContain('@media (width>=960px){.z{padding:0}}');
  });

  it('keeps keyframes and font faces whole', () => {
    const out = stylesFor(pieces, new Set());
    expect(out).toContain('@keyframes pulse{0%{opacity:1}to{opacity:.5}}');
    expect(out).toContain('@font-face{font-family:x;src:url(x.woff2)}');
  });

  it('is the whole stylesheet for a page that has every class', () => {
    const all = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'z']);
    expect(stylesFor(pieces, all)).toBe(css);
  });

  it('reads the classes of the page’s markup', () => {
    expect([...classesIn('<div class="a  b"><span class="c">x</span><p data-class="q">')]).toEqual(['a', 'b', 'c']);
    expect(pageStyles(css, '<p class="z">')).toContain('.z{margin:1px}');
  });

  it('adds the rules of classes put in the page by something else than its markup', () => {
    expect(pageStyles(css, '<p>')).not.toContain('.z{');
    expect(pageStyles(css, '<p>', ['z'])).toContain('.z{margin:1px}');
  });
});
