import type { SharedLayoutParts } from '../../../schemas/sections';
import type {
  HiddenMarks,
  Layout,
  LegendSetReference,
  ResolvedLegendEntry,
  ResolvedSport,
  RuntimeSportConfig,
  SportConfig,
} from './types';
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

/** Values hidden on purpose (sports/_shared/hidden.json, a sport's `hidden`). */
export type SharedHidden = HiddenMarks;

/** A sport's marks, then the shared ones it does not mark itself. */
export function mergeHidden(shared: SharedHidden, own: SharedHidden = []): SharedHidden {
  const marked = new Set(own.map((mark) => mark.code));
  return [...own, ...shared.filter((mark) => !marked.has(mark.code))];
}

/** Layout parts every sport inherits (sports/_shared/sections.json): sections and row details by document. */
export type SharedSections = SharedLayoutParts;

/** Appends what the layout does not declare itself (by id): a sport's own section or detail of that id wins. */
function withShared<T extends { readonly id: string }>(
  own: T[] | undefined,
  shared: readonly T[] | undefined,
): T[] | undefined {
  const ids = new Set((own ?? []).map((part) => part.id));
  const added = (shared ?? []).filter((part) => !ids.has(part.id));
  return added.length > 0 ? [...(own ?? []), ...added] : own;
}

/**
 * A table layout with the shared sections and details of its document (and rows, when the shared
 * part names them) appended; any other layout as it is.
 */
export function applySharedSections(layout: Layout, shared: SharedSections): Layout {
  if (layout.widget !== 'table') return layout;
  let out = layout;
  for (const part of shared) {
    if (part.document !== layout.document || (part.rows !== undefined && part.rows !== layout.rows)) continue;
    const sections = withShared(out.sections, part.sections);
    const details = withShared(out.details, part.details);
    out = { ...out, ...(sections ? { sections } : {}), ...(details ? { details } : {}) };
  }
  return out;
}

function layoutsWithShared(layouts: SportConfig['layouts'], shared: SharedSections): SportConfig['layouts'] {
  if (shared.length === 0) return layouts;
  const map = (group: Readonly<Record<string, Layout>>) =>
    Object.fromEntries(Object.entries(group).map(([id, layout]) => [id, applySharedSections(layout, shared)]));
  return { ...layouts, tabs: map(layouts.tabs), pages: map(layouts.pages) };
}

/**
 * Builds the runtime form of a plugin. `sets` holds the shared sets the plugin references, looked up
 * by name; a reference to a missing set is a validation error caught by codegen, so here it is skipped.
 * The shared hidden marks are merged under the sport's own, as the shared labels are, and the shared
 * sections are appended to the table layouts of their document (sports/_shared/sections.json).
 */
export function resolveSport(
  config: RuntimeSportConfig,
  sets: ReadonlyMap<string, LegendSetData>,
  sharedLabels: SharedLabels,
  sharedHidden: SharedHidden = [],
  sharedSections: SharedSections = [],
): ResolvedSport {
  const { $schema: _schema, legend, labels, hidden, layouts, ...rest } = config;
  const entries: ResolvedLegendEntry[] = [];
  for (const reference of legend.sets) {
    const set = sets.get(reference.set);
    if (set) entries.push(...expandLegendSet(set, reference));
  }
  entries.push(...legend.entries);
  const merged = {} as Record<LocaleId, Record<string, string>>;
  for (const locale of LOCALE_IDS) merged[locale] = { ...sharedLabels[locale], ...labels[locale] };
  return {
    ...rest,
    layouts: layoutsWithShared(layouts, sharedSections),
    legend: entries,
    labels: merged,
    hidden: mergeHidden(sharedHidden, hidden),
  };
}
