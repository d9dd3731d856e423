import type { HiddenMarks, LegendSetReference, ResolvedLegendEntry, ResolvedSport, SportConfig } from './types';
import type { LegendEntry } from './types';
import { LOCALE_IDS, type LocaleId } from './vocabulary';

export interface LegendSetData {
  readonly name: string;
  readonly entries: readonly LegendEntry[];
}

/** Expands one reference to a shared set: `only` picks codes, `module` replaces the views, `field` the field read. */
export function expandLegendSet(set: LegendSetData, reference: LegendSetReference): ResolvedLegendEntry[] {
  const only = reference.only ? new Set(reference.only) : undefined;
  return set.entries
    .filter((entry) => !only || only.has(entry.code))
    .map((entry) => ({
      ...entry,
      ...(reference.module ? { module: reference.module } : {}),
      ...(reference.field ? { field: reference.field } : {}),
      set: set.name,
    }));
}

export type SharedLabels = Readonly<Record<LocaleId, Readonly<Record<string, string>>>>;

/** Values hidden on purpose, with why (sports/_shared/hidden.json, a sport's `hidden`). */
export type SharedHidden = HiddenMarks;

/** A sport's marks, then the shared ones it does not mark itself: its reason wins for a code both mark. */
export function mergeHidden(shared: SharedHidden, own: SharedHidden = []): SharedHidden {
  const marked = new Set(own.map((mark) => mark.code));
  return [...own, ...shared.filter((mark) => !marked.has(mark.code))];
}

/**
 * Builds the runtime form of a plugin. `sets` holds the shared sets the plugin references, looked up
 * by name; a reference to a missing set is a validation error caught by codegen, so here it is skipped.
 * The shared hidden marks are merged under the sport's own, as the shared labels are.
 */
export function resolveSport(
  config: SportConfig,
  sets: ReadonlyMap<string, LegendSetData>,
  sharedLabels: SharedLabels,
  sharedHidden: SharedHidden = [],
): ResolvedSport {
  const { $schema: _schema, legend, labels, hidden, ...rest } = config;
  const entries: ResolvedLegendEntry[] = [];
  for (const reference of legend.sets) {
    const set = sets.get(reference.set);
    if (set) entries.push(...expandLegendSet(set, reference));
  }
  entries.push(...legend.entries);
  const merged = {} as Record<LocaleId, Record<string, string>>;
  for (const locale of LOCALE_IDS) merged[locale] = { ...sharedLabels[locale], ...labels[locale] };
  return { ...rest, legend: entries, labels: merged, hidden: mergeHidden(sharedHidden, hidden) };
}
