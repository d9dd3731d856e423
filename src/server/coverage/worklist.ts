import { shownByText } from './layoutParts';
import type { CoverageReport, TypeCoverage, ValueCoverage } from './report';

const times = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const exampleOf = (v: ValueCoverage) => `e.g. ${v.example.code} (#${v.example.messageId}) "${v.example.value}"`;

/** How often a value came, and, when not always under the same status, how often under which. */
function countOf(v: ValueCoverage): string {
  const mixed = Object.keys(v.byStatus).length > 1;
  const split = mixed
    ? ` (${Object.entries(v.byStatus)
        .map(([status, n]) => `${status} ${n}`)
        .join(', ')})`
    : '';
  return `${times(v.count, 'time')} in ${times(v.messages, 'message')}${split}`;
}

/** Where a read value is shown: `result: column rank; startlist: rows`. */
const shownText = (v: ValueCoverage): string => (v.shownBy ?? []).map(shownByText).join('; ') || 'read';

function typeLines(type: TypeCoverage, listShown: boolean): string[] {
  const head = `  ${type.type}: ${times(type.messages, 'message')}, e.g. ${type.example.code} (#${type.example.messageId})`;
  const unreadable = type.unreadable ? [`    ${times(type.unreadable, 'message')} could not be read again`] : [];
  if (type.readBy === 'core') return [`${head}; read by the site's core (derived documents), no layout`, ...unreadable];
  const more = type.values.filter((v) => v.status === 'more');
  const hidden = type.values.filter((v) => v.status === 'hidden');
  const read = type.values.filter((v) => v.status === 'read');
  return [
    `${head}; layouts: ${type.layouts.join(', ')}`,
    ...unreadable,
    ...(more.length > 0 ? [`    under "More" (${more.length}):`] : []),
    ...more.map((v) => `      ${v.signature}  ${countOf(v)}, ${exampleOf(v)}`),
    ...(hidden.length > 0 ? [`    hidden on purpose (${hidden.length}):`] : []),
    ...hidden.map((v) => `      ${v.signature}  ${countOf(v)}: ${v.reason ?? ''}`),
    `    shown: ${times(read.length, 'kind')} of value${read.length === 1 ? '' : 's'}`,
    ...(listShown ? read.map((v) => `      ${v.signature}  ${countOf(v)}; ${shownText(v)}`) : []),
  ];
}

/** The editor's worklist as text: per sport and type, "More" first, then hidden with reasons, then a count of those shown. */
export function worklistText(report: CoverageReport, { listShown = false } = {}): string {
  if (report.messages === 0) return 'coverage: the message log holds no stored message to read';
  const lines: string[] = [];
  for (const sport of report.sports) {
    lines.push(`${sport.sport}${sport.plugin ? '' : " (no plugin: the site's default)"}`);
    if (sport.error) lines.push(`  ${sport.error}`);
    for (const type of sport.types) lines.push(...typeLines(type, listShown));
  }
  lines.push(`coverage: ${times(report.messages, 'message')} read (the latest of each document)`);
  return lines.join('\n');
}
