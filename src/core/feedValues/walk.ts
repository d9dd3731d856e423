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
  /**
   * How to reach the owner from the walk's root: element name and index, in turn. Rows of the same
   * structure (rowShapes.ts) have their values at the same steps.
   */
  readonly steps: readonly (string | number)[];
  /** How many of `steps` lead to `person`. */
  readonly personSteps?: number;
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
  element.Description.some(
    (d) => isElement(d) && (typeof d.FamilyName === 'string' || typeof d.GivenName === 'string'),
  );

export interface WalkOptions {
  /** Child elements not to enter (the rows a table shows, walked on their own). */
  readonly skip?: (element: Element) => boolean;
}

/** Every attribute value under `root` (its own included), in document order. */
export function feedValues(root: Element, options: WalkOptions = {}): FeedValue[] {
  const out: FeedValue[] = [];
  // A root that is a person (a table's row of athletes) is the person its own values are about.
  walk(root, '', '', isPerson(root) ? root : undefined, undefined, [], 0, options, out);
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
  steps: (string | number)[],
  personSteps: number,
  options: WalkOptions,
  out: FeedValue[],
): void {
  const here = steps.slice();
  const coded = isCodedItem(element);
  // One shape for every value (no spreads): a marathon's result has over 100,000 of them.
  const code = coded ? (element.Code as string) : undefined;
  const type = coded && typeof element.Type === 'string' ? element.Type : undefined;
  const pos = coded && typeof element.Pos === 'string' ? element.Pos : undefined;
  for (const name in element) {
    if (!Object.hasOwn(element, name)) continue;
    const value = element[name];
    if (typeof value === 'string') {
      if (coded && CODED_ITEM_NAMING.has(name)) continue;
      out.push({
        path: path ? `${path}.${name}` : name,
        signature: signature ? `${signature}.${name}` : name,
        attribute: name,
        value,
        owner: element,
        code,
        type,
        pos,
        person,
        personElement: person ? personElement : undefined,
        steps: here,
        personSteps: person ? personSteps : undefined,
      });
      continue;
    }
    if (!Array.isArray(value)) continue;
    value.forEach((child, index) => {
      if (!isElement(child) || options.skip?.(child)) return;
      const own = isPerson(child);
      steps.push(name, index);
      walk(
        child,
        join(path, segmentOf(name, child, true)),
        join(signature, segmentOf(name, child, false)),
        own ? child : person,
        own ? name : personElement,
        steps,
        own ? steps.length : personSteps,
        options,
        out,
      );
      steps.length -= 2;
    });
  }
}
