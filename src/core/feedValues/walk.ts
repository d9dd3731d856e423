/**
 * The values a feed sends, element by element: every attribute of every element under a node, in
 * document order, each with where it sits. Normalised ODF JSON keeps attributes as strings and
 * child elements as arrays of objects (src/server/odf/normalise.ts).
 *
 * ODF extends a message through coded items (ExtendedResult, ExtendedInfo, EventUnitEntry,
 * StatsItem, Extension ...): an element with a `Code` and a `Value`, qualified by `Type` and `Pos`.
 * Those three name the item; its other attributes are its values.
 */
export type Element = Record<string, unknown>;

export interface FeedValue {
  /** From the walk's root, positions kept: `ExtendedResults.ExtendedResult[Type=ER&Code=SPLIT&Pos=2].Value`. */
  readonly path: string;
  /** The same without positions: what coverage counts, one line per kind of value. */
  readonly signature: string;
  readonly attribute: string;
  readonly value: string;
  /** The element that holds the value. */
  readonly owner: Element;
  /** The coded item's Code, Type and Pos, when the value belongs to one. */
  readonly code?: string;
  readonly type?: string;
  readonly pos?: string;
  /** The nearest person (an element with a name Description) the value is about, below the root. */
  readonly person?: Element;
  /** That person's element name (`Athlete`, `Official`, `Coach` ...). */
  readonly personElement?: string;
}

/** A person's names in a Description: shown by the site's names rules, never as raw values. */
export const NAME_ATTRIBUTES: ReadonlySet<string> = new Set([
  'GivenName',
  'FamilyName',
  'TVName',
  'TVGivenName',
  'TVFamilyName',
  'TVInitialName',
  'PrintName',
  'PrintInitialName',
  'LocalGivenName',
  'LocalFamilyName',
]);

/** Attributes that name a coded item rather than carry a value of it. */
export const CODED_ITEM_NAMING: ReadonlySet<string> = new Set(['Type', 'Code', 'Pos']);

export const isElement = (value: unknown): value is Element =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether an element is a coded item: it has a Code and a Value. */
export const isCodedItem = (element: Element): boolean =>
  typeof element.Code === 'string' && typeof element.Value === 'string';

const isPerson = (element: Element): boolean =>
  Array.isArray(element.Description) &&
  element.Description.some((d) => isElement(d) && (typeof d.FamilyName === 'string' || typeof d.GivenName === 'string'));

export interface WalkOptions {
  /** Child elements not to enter (the rows a table shows, walked on their own). */
  readonly skip?: (element: Element) => boolean;
}

/** Every attribute value under `root` (its own included), in document order. */
export function feedValues(root: Element, options: WalkOptions = {}): FeedValue[] {
  const out: FeedValue[] = [];
  walk(root, '', '', undefined, undefined, options, out);
  return out;
}

function segmentOf(name: string, element: Element, withPos: boolean): string {
  if (!isCodedItem(element)) return name;
  const conditions = [
    ...(typeof element.Type === 'string' ? [`Type=${element.Type}`] : []),
    `Code=${element.Code as string}`,
    ...(withPos && typeof element.Pos === 'string' ? [`Pos=${element.Pos}`] : []),
  ];
  return `${name}[${conditions.join('&')}]`;
}

const join = (prefix: string, segment: string) => (prefix ? `${prefix}.${segment}` : segment);

function walk(
  element: Element,
  path: string,
  signature: string,
  person: Element | undefined,
  personElement: string | undefined,
  options: WalkOptions,
  out: FeedValue[],
): void {
  const coded = isCodedItem(element);
  for (const [name, value] of Object.entries(element)) {
    if (typeof value === 'string') {
      if (coded && CODED_ITEM_NAMING.has(name)) continue;
      out.push({
        path: join(path, name),
        signature: join(signature, name),
        attribute: name,
        value,
        owner: element,
        ...(coded ? codedNaming(element) : {}),
        ...(person ? { person, ...(personElement ? { personElement } : {}) } : {}),
      });
      continue;
    }
    if (!Array.isArray(value)) continue;
    for (const child of value) {
      if (!isElement(child) || options.skip?.(child)) continue;
      const own = isPerson(child);
      walk(
        child,
        join(path, segmentOf(name, child, true)),
        join(signature, segmentOf(name, child, false)),
        own ? child : person,
        own ? name : personElement,
        options,
        out,
      );
    }
  }
}

function codedNaming(element: Element): { code?: string; type?: string; pos?: string } {
  return {
    ...(typeof element.Code === 'string' ? { code: element.Code } : {}),
    ...(typeof element.Type === 'string' ? { type: element.Type } : {}),
    ...(typeof element.Pos === 'string' ? { pos: element.Pos } : {}),
  };
}
