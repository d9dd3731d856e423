/**
 * The Embed control below a page that has an embed (the medal table, a unit): a link to the page
 * that gives the embed's snippet (pages/developers/embedOffer.tsx), in the page's language. Written
 * by the server into the shell's empty slot (`EMBED_SLOT_CLASS`, app/Shell.tsx), whose content React
 * leaves as it finds it: HTML only, no script. A link, not the snippet itself: the snippet (half a
 * kilobyte gzipped) on every unit page took the marathon's first response past a phone's first
 * round trip (its LCP went from 0.75 s to 0.91 s). A page reached by a navigation in the app has the
 * slot empty.
 */
import type { LocaleId } from '../i18n/locale';
import type { UnitData } from '../pages/unit/data';
import { EMBED_SLOT_CLASS } from './slot';
import { escapeHtml } from './snippet';

/** Where a page's embed offer is: this, then the embed's name (`medals`, a unit's code). */
export const EMBED_OFFER_PREFIX = '/developers/embed/';

/** What the control needs of the page: its route matches and their data, its language and texts. */
export interface EmbedControlPage {
  readonly matches: readonly { readonly route: { readonly id?: string } }[];
  readonly loaderData: Readonly<Record<string, unknown>>;
  readonly locale: LocaleId;
  /** The page's catalogue (plain messages only are read). */
  readonly messages: Readonly<Record<string, string>>;
}

/** The name of the embed a page offers (after `/embed/`), by the page's route (ids are route paths, app/routes.tsx). */
export function offeredEmbed(page: Pick<EmbedControlPage, 'matches' | 'loaderData'>): string | undefined {
  const leaf = page.matches.at(-1);
  if (leaf?.route.id === 'medal/ranking') return 'medals';
  const unit =
    leaf?.route.id === ':documentCode' ? (page.loaderData[leaf.route.id] as UnitData | undefined) : undefined;
  return unit?.header ? unit.header.code : undefined;
}

/** The control's HTML: a link to the embed's offer, or undefined when the page has no embed. */
export function embedControlHtml(page: EmbedControlPage): string | undefined {
  const name = offeredEmbed(page);
  if (!name) return undefined;
  const label = escapeHtml(page.messages['embed.label'] ?? 'Embed');
  return `<p class="embed-offer"><a href="${EMBED_OFFER_PREFIX}${escapeHtml(name)}">${label}</a></p>`;
}

/** The page's markup with the control in its slot (as it was when there is no control or no slot). */
export function withEmbedControl(markup: string, control: string | undefined): string {
  const slot = `<div class="${EMBED_SLOT_CLASS}"></div>`;
  const at = control ? markup.indexOf(slot) : -1;
  if (at < 0) return markup;
  const inside = at + slot.length - '</div>'.length;
  return markup.slice(0, inside) + control + markup.slice(inside);
}
