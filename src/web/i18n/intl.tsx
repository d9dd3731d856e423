import { createContext, createElement, Fragment, useContext, useMemo, type ReactNode } from 'react';
import { BCP47, DEFAULT_LOCALE } from './locale';
import { intlFor, type Catalogue, type NodeValues, type SiteIntl } from './siteIntl';

/**
 * The site's messages in React, drawn by formatjs (`siteIntl.ts`): a provider, `useIntl`, and the
 * components that draw a message or a time in place. A thin layer of its own rather than
 * react-intl's, which adds about 2 KB gzip to the entry for the same calls.
 */

export type { Catalogue, SiteIntl };
/** A value of a message's argument: text, a number, a React node or a tag's renderer. */
export type MessageValue = string | number | ReactNode | ((children: ReactNode[]) => ReactNode);
export type MessageValues = Readonly<Record<string, MessageValue>>;

const IntlContext = createContext<SiteIntl | undefined>(undefined);
/** Outside a provider: ids for text, in the default language (made on first use, not on import). */
const NO_MESSAGES: Catalogue = {};

/** The language of everything below: its BCP 47 tag and its catalogue. */
export function IntlProvider({
  locale,
  messages,
  children,
}: {
  locale: string;
  messages: Catalogue;
  children?: ReactNode;
}) {
  const intl = useMemo(() => intlFor(locale, messages), [locale, messages]);
  return <IntlContext value={intl}>{children}</IntlContext>;
}

/** formatjs's formatters for the page's language: messages as text, numbers, plurals, times. */
export const useIntl = (): SiteIntl => useContext(IntlContext) ?? intlFor(BCP47[DEFAULT_LOCALE], NO_MESSAGES);

/**
 * A tag's renderer is given its children as an array: each is keyed here by its place, so React does
 * not warn about a list without keys when they include elements (`Children.toArray`, react-intl's
 * way, no longer quiets React 19 for elements created unkeyed).
 */
function keyedTags(values: MessageValues): NodeValues {
  const keyed: Record<string, NodeValues[string]> = {};
  for (const [name, value] of Object.entries(values))
    keyed[name] =
      typeof value === 'function'
        ? (parts: ReactNode[]) => value(parts.map((part, index) => createElement(Fragment, { key: index }, part)))
        : (value as ReactNode);
  return keyed;
}

/** A message of the catalogue, drawn in place; values may be React nodes or tag renderers. */
export function FormattedMessage({ id, values }: { id: string; values?: MessageValues }) {
  const intl = useIntl();
  return createElement(Fragment, null, ...intl.formatNodes(id, values && keyedTags(values)));
}

/** A time of day in the page's language, in the games' time zone (the same text on server and browser). */
export function FormattedTime({ value }: { value: Date }) {
  return <>{useIntl().formatTime(value, { timeStyle: 'medium' })}</>;
}
