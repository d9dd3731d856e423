/**
 * The export's pages counted by kind, printed with its summary: how many pages each part of the
 * site makes in the mirror, so a change in the mirror's size is traced to the pages that made it
 * (a full export of the demo games went from 82,575 pages to 133,764 with no record of which).
 *
 * A page's kind is its section (the first path segment: `competitor`, `schedule`, `report`); a page
 * named by a document code (a unit's, `/{documentCode}`: the segment is not a section's lower-case
 * name) is `unit`, with the tab it opens.
 */
const EXPORTED_PAGE = /^pages\/[^/]+\/(?:([^/]+)\/)?(?:.*\/)?index([^/]*)\.html$/;

/** The kind of a mirror file written by the export (a `pageFile`), `other` for any other file. */
export function pageKind(file: string): string {
  if (/^pages\/[^/]+\/404\.html$/.test(file)) return 'not found';
  const match = EXPORTED_PAGE.exec(file);
  if (!match) return 'other';
  const [, first, query = ''] = match;
  if (first === undefined) return 'home';
  if (/^[a-z]/.test(first)) return first;
  return `unit ${new URLSearchParams(query.replace(/^&/, '')).get('tab') ?? 'overview'}`;
}

/** Files counted by kind with their bytes (what each kind costs a mirror), the most bytes first. */
export function costByKind(
  files: readonly string[],
  bytes: ReadonlyMap<string, number>,
): [kind: string, count: number, bytes: number][] {
  const costs = new Map<string, [number, number]>();
  for (const file of files) {
    const kind = pageKind(file);
    const cost = costs.get(kind) ?? [0, 0];
    costs.set(kind, [cost[0] + 1, cost[1] + (bytes.get(file) ?? 0)]);
  }
  return [...costs]
    .map(([kind, [count, size]]): [string, number, number] => [kind, count, size])
    .sort(([a, m, x], [b, n, y]) => y - x || n - m || a.localeCompare(b));
}
