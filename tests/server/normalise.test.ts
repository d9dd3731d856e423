import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseXml, type OdfElement } from '../../src/server/odf/normalise';

interface Tree {
  name: string;
  attributes: [string, string][];
  children: Tree[];
}

const NAMES = ['Result', 'Competitor', 'Description', 'ExtendedResult', 'Athlete', 'Period'];
const attributeName = fc.constantFrom('Code', 'Rank', 'Value', 'Result', 'Pos', 'Type', 'Organisation', 'Diff');
/** Text an XML attribute carries as is: no control characters (tab and newline are normalised), no lone surrogates. */
function isXmlAttributeText(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || (code >= 0xd800 && code <= 0xdfff) || code === 0xfffe || code === 0xffff) return false;
  }
  return true;
}

/** Attribute values as a feed may send them: times, signs, spaces, markup characters, CJK text. */
const attributeValue = fc.oneof(
  fc.constantFrom('1:02.34', '+0.15', '0.00', '=3', ' 12 ', '007', 'DNS', '男子100米', 'a&b', '<x>', '"q"', "it's"),
  fc.string({ maxLength: 12 }).filter(isXmlAttributeText),
);
/** Trees of at most `depth` levels, so generation stays bounded. */
const treeOf = (depth: number): fc.Arbitrary<Tree> =>
  fc.record({
    name: fc.constantFrom(...NAMES),
    attributes: fc.uniqueArray(fc.tuple(attributeName, attributeValue), { maxLength: 4, selector: ([name]) => name }),
    children: depth > 0 ? fc.array(treeOf(depth - 1), { maxLength: 3 }) : fc.constant([]),
  });
const tree = treeOf(3);

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const toXml = (node: Tree): string =>
  `<${node.name}${node.attributes.map(([k, v]) => ` ${k}="${escape(v)}"`).join('')}>${node.children.map(toXml).join('')}</${node.name}>`;

/** Every attribute of the tree, found where the normalised JSON should have it. */
function expectAttributesKept(node: Tree, element: OdfElement): void {
  const childNames = new Set(node.children.map((c) => c.name));
  for (const [name, value] of node.attributes) {
    expect(element[childNames.has(name) ? `@${name}` : name]).toBe(value);
  }
  for (const name of childNames) {
    const sources = node.children.filter((c) => c.name === name);
    const normalised = element[name];
    expect(Array.isArray(normalised)).toBe(true);
    expect((normalised as OdfElement[]).length).toBe(sources.length);
    sources.forEach((source, i) => expectAttributesKept(source, (normalised as OdfElement[])[i]!));
  }
}

describe('ODF normalisation', () => {
  it('keeps every attribute value exactly as sent, and every element as an array (property)', () => {
    fc.assert(
      fc.property(tree, (root) => {
        const { root: name, element } = parseXml(
          `<?xml version="1.0" encoding="UTF-8"?>${toXml({ ...root, name: 'OdfBody' })}`,
        );
        expect(name).toBe('OdfBody');
        expectAttributesKept({ ...root, name: 'OdfBody' }, element);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps an attribute that shares its name with a child element as @Name', () => {
    const { element } = parseXml('<OdfBody Result="58.86"><Result Rank="1"/></OdfBody>');
    expect(element['@Result']).toBe('58.86');
    expect(element.Result).toEqual([{ Rank: '1' }]);
  });
});
