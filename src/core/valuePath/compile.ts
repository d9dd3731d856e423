import { parseValuePath } from './parse';
import type { PathFilter, PathSegment, ValuePath } from './types';

/**
 * A compiled value path. Evaluation follows XPath's habits over normalised ODF JSON, where every
 * element that may repeat is an array: a name steps into a property and flattens arrays, filters
 * apply to the items one parent holds. Evaluation never throws, whatever the input.
 */
export interface ValueAccessor {
  readonly source: string;
  /** Every value the path selects, in document order. */
  all(node: unknown): unknown[];
  /** The first value selected, as a string when it is a scalar; `undefined` when nothing is there. */
  text(node: unknown): string | undefined;
}

type Step = (items: readonly unknown[]) => unknown[];

export function compileValuePath(source: string | ValuePath): ValueAccessor {
  const path = typeof source === 'string' ? parseValuePath(source) : source;
  const steps = path.segments.map(compileSegment);
  const text = typeof source === 'string' ? source : '';
  return {
    source: text,
    all(node) {
      let items: unknown[] = [node];
      for (const step of steps) {
        items = step(items);
        if (items.length === 0) break;
      }
      return items;
    },
    text(node) {
      return scalarText(this.all(node)[0]);
    },
  };
}

/** Compiles once per distinct source: layouts name the same paths many times. */
const cache = new Map<string, ValueAccessor>();
const CACHE_LIMIT = 2048;
export function accessorFor(source: string): ValueAccessor {
  let accessor = cache.get(source);
  if (!accessor) {
    accessor = compileValuePath(source);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(source, accessor);
  }
  return accessor;
}

export function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own properties only: a path named `constructor` or `__proto__` must find nothing. */
function property(node: unknown, name: string): unknown {
  return isRecord(node) && Object.hasOwn(node, name) ? node[name] : undefined;
}

function compileSegment(segment: PathSegment): Step {
  const filters = segment.filters.map(compileFilter);
  return (items) => {
    const out: unknown[] = [];
    for (const item of items) {
      const value = property(item, segment.name);
      if (value === undefined || value === null) continue;
      let selected: unknown[] = Array.isArray(value) ? value : [value];
      for (const filter of filters) selected = filter(selected);
      for (const v of selected) out.push(v);
    }
    return out;
  };
}

function compileFilter(filter: PathFilter): Step {
  if (filter.kind === 'index') {
    const { index } = filter;
    return (items) => {
      const item = items[index < 0 ? items.length + index : index];
      return item === undefined ? [] : [item];
    };
  }
  // `Code=YC|YRC|RC`: a value may list alternatives (a dictionary spreads one kind over several codes).
  const conditions = filter.conditions.map((c) => ({ attribute: c.attribute, values: c.value.split('|') }));
  return (items) =>
    items.filter((item) =>
      conditions.every((c) => {
        const actual = scalarText(property(item, c.attribute));
        return actual !== undefined && c.values.includes(actual);
      }),
    );
}
