import { accessorFor, scalarText, type ValueAccessor } from '../valuePath';
import type { ResolvedLegendEntry } from '../sports/types';
import type { LegendModule } from '../sports/vocabulary';
import { LEGEND_KEY_PATHS } from './keyPaths';

/**
 * Longest raw value a legend pattern is tested against. Patterns are checked for catastrophic
 * backtracking by `sports:check`; this bound is the second fence, for whatever the feed sends.
 */
export const LEGEND_MATCH_INPUT_LIMIT = 128;
/** Most values of one row read for one mark (a row with thousands of record indicators is hostile). */
const VALUES_PER_FIELD_LIMIT = 32;

export interface LegendContext {
  /** The view asking: only marks whose `module` lists it are matched. */
  readonly module: LegendModule;
  /** The event (or unit) code, for marks limited by `rscRegx`. */
  readonly eventCode?: string;
}

interface CompiledMark {
  readonly entry: ResolvedLegendEntry;
  readonly fields: readonly ValueAccessor[];
  readonly rule?: RegExp;
  readonly rsc?: RegExp;
  readonly modules: ReadonlySet<string>;
}

export interface LegendMatcher {
  /** Marks the row carries, in legend order. Never throws. */
  match(row: unknown, context: LegendContext): ResolvedLegendEntry[];
  /**
   * Marks that appear in any of the rows, in legend order, plus those flagged `often`. Given what each
   * row shows (`shown`, by the row's index: the texts of its cells), a mark counts only where the row
   * shows it: the value that carries it, its code or its title is one of those texts.
   */
  collect(
    rows: readonly unknown[],
    context: LegendContext,
    shown?: (index: number) => ReadonlySet<string>,
  ): ResolvedLegendEntry[];
  /** Entries whose pattern could not be compiled (reported, never fatal). */
  readonly broken: readonly ResolvedLegendEntry[];
}

function tryRegExp(source: string | undefined): RegExp | undefined | null {
  if (source === undefined) return undefined;
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

/** Compiles a sport's legend once: value paths to accessors, patterns to regular expressions. */
export function compileLegend(entries: readonly ResolvedLegendEntry[]): LegendMatcher {
  const marks: CompiledMark[] = [];
  const broken: ResolvedLegendEntry[] = [];
  for (const entry of entries) {
    const rule = tryRegExp(entry.ruleRegx);
    const rsc = tryRegExp(entry.rscRegx);
    let fields: ValueAccessor[];
    try {
      fields = (entry.field ? [entry.field] : LEGEND_KEY_PATHS[entry.key]).map(accessorFor);
    } catch {
      fields = [];
    }
    if (rule === null || rsc === null || fields.length === 0) {
      broken.push(entry);
      continue;
    }
    marks.push({ entry, fields, rule, rsc, modules: new Set(entry.module) });
  }

  const applies = (mark: CompiledMark, context: LegendContext): boolean =>
    mark.modules.has(context.module) &&
    (!mark.rsc || mark.rsc.test((context.eventCode ?? '').slice(0, LEGEND_MATCH_INPUT_LIMIT)));

  /** The values of the row that carry the mark (each equals its code, or passes its pattern). */
  const carriers = (mark: CompiledMark, row: unknown): string[] => {
    const found: string[] = [];
    for (const field of mark.fields) {
      const values = field.all(row);
      const count = Math.min(values.length, VALUES_PER_FIELD_LIMIT);
      for (let i = 0; i < count; i += 1) {
        const text = scalarText(values[i]);
        if (text === undefined) continue;
        if (mark.rule ? mark.rule.test(text.slice(0, LEGEND_MATCH_INPUT_LIMIT)) : text === mark.entry.code) {
          found.push(text);
        }
      }
    }
    return found;
  };
  const carries = (mark: CompiledMark, row: unknown): boolean => carriers(mark, row).length > 0;
  const shows = (mark: CompiledMark, row: unknown, texts: ReadonlySet<string>): boolean => {
    const found = carriers(mark, row);
    return (
      found.length > 0 && (texts.has(mark.entry.title) || texts.has(mark.entry.code) || found.some((t) => texts.has(t)))
    );
  };

  return {
    broken,
    match(row, context) {
      return marks.filter((m) => applies(m, context) && carries(m, row)).map((m) => m.entry);
    },
    collect(rows, context, shown) {
      const appears = shown
        ? (m: CompiledMark) => rows.some((r, i) => shows(m, r, shown(i)))
        : (m: CompiledMark) => rows.some((r) => carries(m, r));
      return marks.filter((m) => applies(m, context) && (m.entry.often === true || appears(m))).map((m) => m.entry);
    },
  };
}
