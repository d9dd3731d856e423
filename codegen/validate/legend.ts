import type { LegendEntry } from '../../schemas/sport';
import { pointer, type ProblemList } from '../problems';
import { regexProblem } from './regex';
import { simplifiedCharactersIn } from './traditional';

/** Checks the parts of one legend entry a schema cannot: its patterns and its Traditional text. */
export function checkLegendEntry(entry: LegendEntry, at: string, problems: ProblemList): void {
  for (const field of ['ruleRegx', 'rscRegx'] as const) {
    const source = entry[field];
    if (source === undefined) continue;
    const problem = regexProblem(source);
    if (problem) problems.add(`${at}${pointer(field)}`, `${field} ${JSON.stringify(source)} ${problem}`);
  }
  const simplified = simplifiedCharactersIn(entry.description.zh_HK);
  if (simplified) {
    problems.add(`${at}/description/zh_HK`, `zh_HK text has Simplified characters (${simplified})`);
  }
}

/** Where an entry was declared, for duplicate messages. */
export interface DeclaredEntry {
  readonly entry: LegendEntry;
  readonly at: string;
  readonly origin: string;
}

/** A legend code may be declared once per key; reports each later duplicate where it was declared. */
export function checkDuplicateCodes(declared: readonly DeclaredEntry[], problems: ProblemList): void {
  const first = new Map<string, DeclaredEntry>();
  for (const item of declared) {
    const id = `${item.entry.key}\u0000${item.entry.code}`;
    const earlier = first.get(id);
    if (earlier) {
      problems.add(
        item.at,
        `duplicate legend code ${JSON.stringify(item.entry.code)} for key ${item.entry.key}${item.origin}: already declared at ${earlier.at}${earlier.origin}`,
      );
    } else {
      first.set(id, item);
    }
  }
}
