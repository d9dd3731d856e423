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
 * sport's own, and the editor-only `$schema` key dropped. Built by `resolveSport`.
 */
export interface ResolvedSport extends Omit<SportConfig, '$schema' | 'legend' | 'labels'> {
  readonly legend: readonly ResolvedLegendEntry[];
  readonly labels: Readonly<Record<LocaleId, Readonly<Record<string, string>>>>;
}
