/**
 * The Embed control below a page that has an embed (the medal table, a unit): a `<details>` with
 * the embed's snippet (snippet.ts) in a read-only text box, in the page's language. Written by the
 * server into the shell's empty slot (`EMBED_SLOT_CLASS`, app/Shell.tsx), whose content React leaves
 * as it finds it: the control is HTML only and adds no script to the page (a unit page's JavaScript
 * is at its budget). A page reached by a navigation in the app has the slot empty.
 */
import type { LocaleId } from '../i18n/locale';
import { unitTitle, type UnitData } from '../pages/unit/data';
import { EMBED_PREFIX } from './marks';
import { EMBED_SLOT_CLASS } from './slot';
import { embedSnippet, escapeHtml } from './snippet';

/** What the control needs of the page: its route matches and their data, its language and texts. */
export interface EmbedControlPage {
  readonly matches: readonly { readonly route: { readonly id?: string } }[];
  readonly loaderData: Readonly<Record<string, unknown>>;
  readonly locale: LocaleId;
  /** The page's catalogue (plain messages only are read). */
  readonly messages: Readonly<Record<string, string>>;
  /** The site's name in the page's language (the variant's own). */
  readonly siteTitle: string;
}

/**
 * The embed a page offers, by the page's route (ids are route paths, app/routes.tsx): its path and
 * the title its frame carries for screen readers.
 */
export function offeredEmbed(page: EmbedControlPage): { path: string; title: string } | undefined {
  const leaf = page.matches.at(-1);
  if (leaf?.route.id === 'medal/ranking')
    return { path: `${EMBED_PREFIX}medals`, title: `${page.messages['medal.title'] ?? ''} · ${page.siteTitle}` };
  const unit =
    leaf?.route.id === ':documentCode' ? (page.loaderData[leaf.route.id] as UnitData | undefined) : undefined;
  if (unit?.header)
    return {
      path: `${EMBED_PREFIX}${unit.header.code}`,
      title: `${unitTitle(unit.header, page.locale)} · ${page.siteTitle}`,
    };
  return undefined;
}

/** The control's HTML for an embed at `origin` (the public site's, PODIUM_PUBLIC_URL). */
export function embedControlHtml(page: EmbedControlPage, origin: string): string | undefined {
  const embed = offeredEmbed(page);
  if (!embed) return undefined;
  const src = new URL(embed.path, origin);
  src.searchParams.set('lang', page.locale);
  const text = (id: string) => escapeHtml(page.messages[id] ?? id);
  return (
    `<details class="embed-offer"><summary>${text('embed.label')}</summary>` +
    `<label>${text('embed.hint')}<textarea class="embed-snippet" readonly rows="5" spellcheck="false">` +
    `${escapeHtml(embedSnippet(src, embed.title))}</textarea></label></details>`
  );
}

/** The page's markup with the control in its slot (as it was when there is no control or no slot). */
export function withEmbedControl(markup: string, control: string | undefined): string {
  const slot = `<div class="${EMBED_SLOT_CLASS}"></div>`;
  const at = control ? markup.indexOf(slot) : -1;
  if (at < 0) return markup;
  const inside = at + slot.length - '</div>'.length;
  return markup.slice(0, inside) + control + markup.slice(inside);
}
