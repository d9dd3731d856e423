import type { PathFilter, ValuePath } from './types';

/** Prints a value path in its one canonical form; `parseValuePath(printValuePath(p))` equals `p`. */
export function printValuePath(path: ValuePath): string {
  return path.segments.map((segment) => segment.name + segment.filters.map(printFilter).join('')).join('.');
}

function printFilter(filter: PathFilter): string {
  if (filter.kind === 'index') return `[${filter.index}]`;
  return `[${filter.conditions.map((c) => `${c.attribute}=${c.value}`).join('&')}]`;
}
