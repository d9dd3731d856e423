/**
 * The kinds of embed (pages/embed): which names after `/embed/` are embeds, and the site's page of
 * what each shows. Apart from the embed pages' code, so the pages that offer embeds take only these.
 */
import { RSC_PATTERN } from '../../core/rsc';
import type { LocaleId } from '../i18n/locale';

export type EmbedKind = 'medals' | 'schedule' | 'unit';

/** The kind of embed a path names after `/embed/`, if any. */
export function embedKind(name: string): EmbedKind | undefined {
  if (name === 'medals' || name === 'schedule') return name;
  return RSC_PATTERN.test(name) ? 'unit' : undefined;
}

/**
 * The site's page of what an embed shows, in the embed's language (opened in a new tab). The
 * language is the page's, not the address's: a page rendered for the cookie's language is also the
 * answer to the same address with `?lang=` (the mirror, published files).
 */
export function fullPage(kind: EmbedKind, name: string, search: string, locale: LocaleId): string {
  const asked = new URLSearchParams(search);
  const query = new URLSearchParams();
  if (kind === 'schedule')
    for (const key of ['date', 'discipline']) {
      const value = asked.get(key);
      if (value) query.set(key, value);
    }
  query.set('lang', locale);
  const path = kind === 'medals' ? '/medal/ranking' : kind === 'schedule' ? '/schedule/daily' : `/${name}`;
  return `${path}?${query.toString()}`;
}
