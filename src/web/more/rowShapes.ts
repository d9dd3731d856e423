import { CODED_ITEM_NAMING, isCodedItem, isElement, type Element, type FeedValue } from '../../core/feedValues';

/**
 * Rows of the same structure are read alike by a layout: a marathon's 5,200 finishers are a few
 * shapes (finished, did not finish, with or without splits). Coverage walks and reads two rows of
 * each shape and carries the outcome over to the others, whose values sit at the same steps: its
 * cost follows the shapes, not the field (a full walk of a marathon is about a second).
 */

/**
 * A row's structure: element names and counts, attribute names, and the naming (Type, Code, Pos) of
 * coded items; no other value. Two rows with the same shape have their values at the same steps.
 */
export function shapeOf(element: Element): string {
  const coded = isCodedItem(element);
  let out = '';
  for (const name in element) {
    if (!Object.hasOwn(element, name)) continue;
    const value = element[name];
    if (typeof value === 'string') out += coded && CODED_ITEM_NAMING.has(name) ? `${name}=${value};` : `${name};`;
    else if (Array.isArray(value)) {
      out += `${name}[`;
      for (const child of value) out += isElement(child) ? `{${shapeOf(child)}}` : '?';
      out += ']';
    }
  }
  return out;
}

/** Rows by shape, in document order within each. */
export function rowsByShape(rows: Iterable<Element>): Element[][] {
  const groups = new Map<string, Element[]>();
  for (const row of rows) {
    const shape = shapeOf(row);
    const group = groups.get(shape);
    if (group) group.push(row);
    else groups.set(shape, [row]);
  }
  return [...groups.values()];
}

/** The element `steps` lead to from `root` (undefined when the row is not of that shape after all). */
export function elementAt(
  root: Element,
  steps: readonly (string | number)[],
  count = steps.length,
): Element | undefined {
  let node: unknown = root;
  for (let i = 0; i < count; i += 2) {
    const list = isElement(node) ? node[steps[i] as string] : undefined;
    node = Array.isArray(list) ? list[steps[i + 1] as number] : undefined;
  }
  return isElement(node) ? node : undefined;
}

/** The value of another row of the same shape at the place `value` has in its own row. */
export function sameValueIn(row: Element, value: FeedValue): FeedValue | undefined {
  const owner = elementAt(row, value.steps);
  const text = owner?.[value.attribute];
  if (!owner || typeof text !== 'string') return undefined;
  const person = value.personSteps === undefined ? undefined : elementAt(row, value.steps, value.personSteps);
  return { ...value, owner, value: text, person };
}

/**
 * The document with every row not in `kept` left out of its array; what holds no row is the same
 * object, kept rows are the document's own, and the elements holding rows are copies the caller is
 * told of (so a read of a copy's attribute counts for the document's element).
 */
export function documentWithRows(
  document: unknown,
  rows: ReadonlySet<Element>,
  kept: ReadonlySet<Element>,
  /** Told of each element copied (the rows' ancestors), so reads of the copy count for the original. */
  copied: (copy: Element, original: Element) => void = () => undefined,
): unknown {
  const reduce = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      let changed = false;
      const out: unknown[] = [];
      for (const item of node) {
        if (isElement(item) && rows.has(item)) {
          if (kept.has(item)) out.push(item);
          else changed = true;
          continue;
        }
        const reduced = reduce(item);
        if (reduced !== item) changed = true;
        out.push(reduced);
      }
      return changed ? out : node;
    }
    if (!isElement(node)) return node;
    let copy: Element | undefined;
    for (const [key, value] of Object.entries(node)) {
      if (!Array.isArray(value)) continue;
      const reduced = reduce(value);
      if (reduced !== value) (copy ??= { ...node })[key] = reduced;
    }
    if (copy) copied(copy, node);
    return copy ?? node;
  };
  return reduce(document);
}
