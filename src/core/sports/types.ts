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

/**
 * Values hidden on purpose (a coded item's Code or an attribute name). Their reasons are the plugin
 * files' and the coverage report's (src/generated/hiddenReasons.ts), not in the code pages load.
 */
export type HiddenMarks = readonly { readonly code: string }[];

/** A plugin as its generated module holds it: its hidden marks without their reasons. */
export type RuntimeSportConfig = Omit<SportConfig, 'hidden'> & { readonly hidden?: HiddenMarks };
