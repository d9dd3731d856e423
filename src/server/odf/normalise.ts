import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { IngestError } from './errors';

/**
 * The normalised JSON of an ODF element (DESIGN section 4): attributes become string properties with
 * their ODF names, child elements become arrays under their names (always arrays, even for one), and
 * text content, where an element has any, is `#text`. Values stay exactly as sent. Should an
 * attribute share its name with a child element, the attribute is kept as `@Name`.
 */
export interface OdfElement {
  [name: string]: string | OdfElement[] | undefined;
}

const ATTRIBUTES = '$attributes';
const TEXT = '#text';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  attributesGroupName: ATTRIBUTES,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false, // attribute values are kept exactly as sent, spaces included
  textNodeName: TEXT,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
});

type Parsed = Record<string, unknown>;

function convert(node: unknown): OdfElement {
  const out: OdfElement = {};
  if (typeof node !== 'object' || node === null) {
    if (node !== undefined && String(node).trim() !== '') out[TEXT] = String(node);
    return out;
  }
  const parsed = node as Parsed;
  const attributes = (parsed[ATTRIBUTES] ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(parsed)) {
    if (name === ATTRIBUTES) continue;
    if (name === TEXT) {
      // Whitespace between elements is layout, not content.
      const text = String(value);
      if (text.trim() !== '') out[TEXT] = text;
      continue;
    }
    out[name] = (value as unknown[]).map(convert);
  }
  for (const [name, value] of Object.entries(attributes)) {
    out[Object.hasOwn(out, name) ? `@${name}` : name] = String(value);
  }
  return out;
}

/** Parses a message's text into its root element name and normalised JSON; refuses what is not XML. */
export function parseXml(text: string): { root: string; element: OdfElement } {
  // Anywhere in the text, not only at its head: a DOCTYPE after a long comment must not declare
  // entities the parser would expand.
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) {
    throw new IngestError(
      'doctype',
      'message has a DOCTYPE or ENTITY declaration; ODF messages have none, and DTDs are not processed',
    );
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw new IngestError('not-xml', `not well-formed XML: ${msg} (line ${line}, column ${col})`);
  }
  const parsed = parser.parse(text) as Parsed;
  const roots = Object.keys(parsed).filter((name) => name !== '?xml');
  if (roots.length !== 1) throw new IngestError('not-xml', 'not well-formed XML: expected one root element');
  const root = roots[0]!;
  const first = (parsed[root] as unknown[])[0];
  return { root, element: convert(first) };
}
