import type { OdfElement } from '../odf/normalise';
import { parseValuePath, type ValuePath } from '../../core/valuePath';

/**
 * Writes a value where a value path reads it: the inverse of the core's accessor, used by the demo
 * generator so that what it emits is exactly what the plugins' layouts read. Intermediate segments
 * are elements (created, or found by their filter's attributes); the last segment is an attribute.
 */
export function writePath(root: OdfElement, path: string | ValuePath, value: string): void {
  const parsed = typeof path === 'string' ? parseValuePath(path) : path;
  const segments = parsed.segments;
  let node = root;
  for (let i = 0; i < segments.length - 1; i += 1) {
    const segment = segments[i]!;
    const existing = node[segment.name];
    const items: OdfElement[] = Array.isArray(existing) ? existing : [];
    if (!Array.isArray(existing)) node[segment.name] = items;
    let target: OdfElement | undefined;
    const conditions = segment.filters.flatMap((f) => (f.kind === 'match' ? f.conditions : []));
    const index = segment.filters.find((f) => f.kind === 'index');
    if (index && index.kind === 'index') {
      const at = index.index < 0 ? Math.max(0, items.length + index.index) : index.index;
      while (items.length <= at) items.push({});
      target = items[at];
    } else if (conditions.length > 0) {
      target = items.find((item) => conditions.every((c) => item[c.attribute] === c.value));
    } else {
      target = items[0];
    }
    if (!target) {
      target = {};
      items.push(target);
    }
    for (const c of conditions) target[c.attribute] ??= c.value;
    node = target;
  }
  const last = segments[segments.length - 1]!;
  node[last.name] = value;
}
