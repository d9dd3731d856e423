import type { ReactNode } from 'react';
import {
  createIntl,
  createIntlCache,
  DEFAULT_INTL_CONFIG,
  IntlErrorCode,
  type IntlShape,
  type OnErrorFn,
} from '@formatjs/intl';
import { IntlMessageFormat, type FormatXMLElementFn, type PrimitiveType } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { GAMES_TIME_ZONE } from '../../core/gamesTime';

/**
 * The site's formatjs intl object, one per language and catalogue. The catalogues are codegen's
 * precompiled ICU syntax trees, so the browser build swaps the ICU parser for formatjs's no-parser
 * stub (vite.config.ts). Times and dates are drawn in the games' time zone, on the server and in any
 * browser alike.
 *
 * Cheap to create: formatjs asks `Intl.NumberFormat.supportedLocalesOf` for the configured locale,
 * and again for each message it compiles; the first such call loads ICU's locale data (about 20 ms
 * in desktop Chromium, 80 to 200 ms under Lighthouse's 4x slowdown), which is what made the site
 * drop react-intl. The site's three tags are supported by every engine it serves, so neither probe
 * runs: the tag is given as `defaultLocale` (formatjs then uses it without asking) and messages
 * resolve their locale without the probe (below). Locale data loads when a number (a plural's `#`
 * too), a relative time or a time is first drawn, and only then.
 */

/** A catalogue: message id to its precompiled ICU message. */
export type Catalogue = Record<string, MessageFormatElement[]>;
/** Values of a message drawn as text. */
export type TextValues = Readonly<Record<string, PrimitiveType | FormatXMLElementFn<string, string>>>;
/** Values of a message drawn as nodes: React nodes, and tag renderers given the tag's children. */
export type NodeValues = Readonly<Record<string, PrimitiveType | ReactNode | FormatXMLElementFn<ReactNode>>>;

type Formatjs = IntlShape<ReactNode>;

/** What the site draws with: formatjs's formatters, and its messages as text or as nodes. */
export interface SiteIntl extends Pick<
  Formatjs,
  'locale' | 'timeZone' | 'formatNumber' | 'formatPlural' | 'formatRelativeTime' | 'formatTime' | 'formatDate'
> {
  /** A message as text (labels, titles); a missing one shows `defaultMessage`, else its id. */
  formatMessage(descriptor: { id: string; defaultMessage?: string }, values?: TextValues): string;
  /** A message as the parts React draws in place. */
  formatNodes(id: string, values?: NodeValues): ReactNode[];
}

// Each compiled message resolves its locale through this; formatjs's own asks supportedLocalesOf
// (the cost above) to learn what the site knows already. One copy of intl-messageformat is shared
// with @formatjs/intl (package.json pins both), so this is the class formatjs compiles with.
IntlMessageFormat.resolveLocale = (locales) =>
  typeof Intl.Locale === 'function' ? new Intl.Locale(Array.isArray(locales) ? locales[0]! : locales) : undefined;

/**
 * formatjs's own reporting (to the console outside production), without the notice that the locale
 * came as `defaultLocale`, which is how the probe is skipped.
 */
const onError: OnErrorFn = (error) => {
  if (error.code !== IntlErrorCode.INVALID_CONFIG) DEFAULT_INTL_CONFIG.onError(error);
};

/** Intl formatters shared by every language's intl object (formatjs memoises them here). */
const cache = createIntlCache();
const created = new WeakMap<Catalogue, Map<string, SiteIntl>>();

function create(locale: string, messages: Catalogue): SiteIntl {
  const intl = createIntl<ReactNode>(
    { locale: '', defaultLocale: locale, messages, timeZone: GAMES_TIME_ZONE, onError },
    cache,
  );
  return {
    locale: intl.locale,
    timeZone: intl.timeZone,
    formatNumber: intl.formatNumber,
    formatPlural: intl.formatPlural,
    formatRelativeTime: intl.formatRelativeTime,
    formatTime: intl.formatTime,
    formatDate: intl.formatDate,
    // A default message is drawn as it is written (a literal): the browser has no parser for it.
    formatMessage: ({ id, defaultMessage }, values) =>
      intl.formatMessage(
        defaultMessage === undefined
          ? { id }
          : { id, defaultMessage: [{ type: 0, value: defaultMessage } as MessageFormatElement] },
        values,
      ),
    formatNodes: (id, values) => {
      const drawn = intl.formatMessage({ id }, values);
      return Array.isArray(drawn) ? drawn : [drawn];
    },
  };
}

/** The intl object of a language and its catalogue: created once, then the same one. */
export function intlFor(locale: string, messages: Catalogue): SiteIntl {
  let byLocale = created.get(messages);
  if (!byLocale) created.set(messages, (byLocale = new Map()));
  let intl = byLocale.get(locale);
  if (!intl) byLocale.set(locale, (intl = create(locale, messages)));
  return intl;
}
