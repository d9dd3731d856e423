import { createContext, createElement, Fragment, useContext, useMemo, type ReactNode } from 'react';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { ELEMENT } from '../../core/messageElements';

/**
 * The site's message formatter: draws the catalogues' precompiled ICU messages (codegen parses them)
 * with the subset of ICU they use — text, arguments, plain numbers, `select`, `plural` with `#`, and
 * tags. Written for the site instead of taking react-intl: that library weighed a third of the entry
 * and, on creating its formatter, asked the browser's Intl for its supported locales, which loads
 * locale data for tens of milliseconds on a phone before the page could hydrate. Codegen refuses a
 * message using anything else (`unsupportedElements`), so a catalogue cannot outgrow this file.
 */

export type Catalogue = Readonly<Record<string, readonly MessageFormatElement[]>>;
/** A value of a message's argument: text, a number, a React node or a tag's renderer. */
export type MessageValue = string | number | ReactNode | ((children: ReactNode[]) => ReactNode);
export type MessageValues = Readonly<Record<string, MessageValue>>;

const {
  literal: LITERAL,
  argument: ARGUMENT,
  number: NUMBER,
  select: SELECT,
  plural: PLURAL,
  pound: POUND,
  tag: TAG,
} = ELEMENT;

/** Digits grouped by three with commas: the grouping of both Chinese variants and of English. */
export function groupDigits(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** The CLDR cardinal category of a count: English has "one" for exactly 1, Chinese only "other". */
export function pluralCategory(locale: string, count: number): 'one' | 'other' {
  return locale.startsWith('en') && count === 1 ? 'one' : 'other';
}

type Part = string | ReactNode;

function formatParts(
  elements: readonly MessageFormatElement[],
  locale: string,
  values: MessageValues,
  count?: number,
): Part[] {
  const parts: Part[] = [];
  const push = (part: Part) => {
    const last = parts.length - 1;
    if (typeof part === 'string' && typeof parts[last] === 'string') parts[last] = `${parts[last] as string}${part}`;
    else if (part !== null && part !== undefined && part !== false && part !== '') parts.push(part);
  };
  for (const element of elements) {
    switch (element.type) {
      case LITERAL:
        push(element.value);
        break;
      case POUND:
        push(count === undefined ? '#' : groupDigits(count));
        break;
      case ARGUMENT: {
        // As ICU: a plain argument is its value as given; only `{n, number}` and `#` are grouped.
        const value = values[element.value];
        push(typeof value === 'number' ? String(value) : (value as Part));
        break;
      }
      case NUMBER: {
        const value = values[element.value];
        push(typeof value === 'number' ? groupDigits(value) : (value as Part));
        break;
      }
      case SELECT: {
        const option = element.options[String(values[element.value])] ?? element.options.other;
        for (const part of option ? formatParts(option.value, locale, values, count) : []) push(part);
        break;
      }
      case PLURAL: {
        const value = Number(values[element.value]);
        const offset = value - element.offset;
        const option =
          element.options[`=${value}`] ?? element.options[pluralCategory(locale, offset)] ?? element.options.other;
        for (const part of option ? formatParts(option.value, locale, values, offset) : []) push(part);
        break;
      }
      case TAG: {
        const render = values[element.value];
        const children = formatParts(element.children, locale, values, count);
        push(typeof render === 'function' ? render(children) : createElement(Fragment, null, ...children));
        break;
      }
      default:
        // Refused by codegen (`unsupportedElements`); drawn as its argument's value if it ever comes.
        push(String(values[(element as { value: string }).value] ?? ''));
    }
  }
  return parts;
}

export interface IntlShape {
  readonly locale: string;
  /** A message as text (labels, titles): values are text or numbers. */
  formatMessage(descriptor: { id: string; defaultMessage?: string }, values?: MessageValues): string;
  formatNumber(value: number): string;
}

interface IntlState extends IntlShape {
  /** A message as nodes: values may be React nodes and tags. */
  readonly formatNodes: (id: string, values?: MessageValues) => Part[];
}

export function createIntl(locale: string, messages: Catalogue): IntlState {
  const elementsOf = (id: string, defaultMessage?: string): readonly MessageFormatElement[] =>
    messages[id] ?? [{ type: LITERAL, value: defaultMessage ?? id } as MessageFormatElement];
  return {
    locale,
    formatMessage: ({ id, defaultMessage }, values = {}) =>
      formatParts(elementsOf(id, defaultMessage), locale, values)
        .map((part) => (typeof part === 'string' || typeof part === 'number' ? String(part) : ''))
        .join(''),
    formatNumber: groupDigits,
    formatNodes: (id, values = {}) => formatParts(elementsOf(id), locale, values),
  };
}

const IntlContext = createContext<IntlState>(createIntl('zh-Hans-CN', {}));

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
  const intl = useMemo(() => createIntl(locale, messages), [locale, messages]);
  return <IntlContext value={intl}>{children}</IntlContext>;
}

export const useIntl = (): IntlShape => useContext(IntlContext);

/** A message of the catalogue, drawn in place; values may be React nodes or tag renderers. */
export function FormattedMessage({ id, values }: { id: string; values?: MessageValues }) {
  const intl = useContext(IntlContext);
  return createElement(Fragment, null, ...intl.formatNodes(id, values));
}

/** A time of day in the page's language (the browser's Intl, created only when one is drawn). */
export function FormattedTime({ value }: { value: Date }) {
  const { locale } = useContext(IntlContext);
  return <>{new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(value)}</>;
}
