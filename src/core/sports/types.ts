import type { LegendEntry, SportConfig } from '../../../schemas/sport';
import type { LocaleId } from './vocabulary';

export type {
  Labels,
  Layout,
  LayoutColumn,
  LegendEntry,
  LegendSetReference,
  SportConfig,
} from '../../../schemas/sport';

/** A legend entry as the runtime sees it, with the set it came from (for the legend's headings). */
export type ResolvedLegendEntry = LegendEntry & { readonly set?: string };

/**
 * A sport plugin ready for the site: shared legend sets expanded, shared labels merged under the
 * sport's own, shared hidden marks merged likewise, and the editor-only `$schema` key dropped. Built by `resolveSport`.
 */
export interface ResolvedSport extends Omit<SportConfig, '$schema' | 'legend' | 'labels' | 'hidden'> {
  readonly legend: readonly ResolvedLegendEntry[];
  readonly labels: Readonly<Record<LocaleId, Readonly<Record<string, string>>>>;
  /** The sport's hidden marks, then the shared ones (sports/_shared/hidden.json) it does not mark itself. */
  readonly hidden?: HiddenMarks;
}

/** Values hidden on purpose, each with why (a coded item's Code or an attribute name). */
export type HiddenMarks = readonly { readonly code: string; readonly reason: string }[];
