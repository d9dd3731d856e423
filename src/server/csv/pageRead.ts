/**
 * What the CSV tables share with the pages they copy: the pages' own loaders run against the store
 * (as the server's page render runs them), and the site's message catalogue of the page's language.
 */
import type { LoaderFunctionArgs } from 'react-router';
import type { LoaderContext, DataSource } from '../../web/data/source';
import { loadCatalogue } from '../../web/i18n/catalogue';
import { BCP47, type LocaleId } from '../../web/i18n/locale';
import { intlFor } from '../../web/i18n/siteIntl';
import type { MedalColour } from '../../core/views/types';
import type { CellWords } from './cellText';

/** A host no request names: loaders read only the path and the query of their request's URL. */
const PAGE_ORIGIN = 'http://podium.invalid';

/**
 * A page loader's arguments for the page at `path` with `query`, reading `data`: what the router's
 * static handler gives it when the server renders that page.
 */
export function loaderArgs(
  path: string,
  query: Readonly<Record<string, string | undefined>>,
  data: DataSource,
  params: Readonly<Record<string, string>> = {},
): LoaderFunctionArgs {
  const url = new URL(path, PAGE_ORIGIN);
  for (const [key, value] of Object.entries(query)) if (value) url.searchParams.set(key, value);
  const context: LoaderContext = { data };
  return { request: new Request(url), url, params, context, pattern: path };
}

/** The site's words in a language: a message by its id, and a medal's name (as the cells' views draw it). */
export interface PageWords extends CellWords {
  message(id: string): string;
}

export async function pageWords(locale: LocaleId): Promise<PageWords> {
  const intl = intlFor(BCP47[locale], await loadCatalogue(locale));
  const message = (id: string) => intl.formatMessage({ id });
  return { message, medal: (colour: MedalColour) => message(`medal.${colour}`) };
}
