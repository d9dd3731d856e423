import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { LOCALE_IDS } from '../../src/core/sports/vocabulary';
import { unsupportedElements } from '../../src/core/messageElements';
import { ROOT } from '../paths';
import { generatedHeader, json, type GeneratedFile } from './files';

export const MESSAGES_DIR = join(ROOT, 'src', 'web', 'i18n', 'messages');

/** The UI catalogues, key to ICU message, per locale. */
export function readCatalogues(): Record<string, Record<string, string>> {
  const catalogues: Record<string, Record<string, string>> = {};
  for (const file of readdirSync(MESSAGES_DIR).filter((f) => f.endsWith('.json'))) {
    catalogues[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(MESSAGES_DIR, file), 'utf8'));
  }
  return catalogues;
}

/**
 * Catalogue problems: a locale missing, a key missing in one locale, a message that does not parse,
 * a message using ICU the site does not draw (`unsupportedElements`: formatjs draws the rest).
 * Reported like plugin problems, so codegen refuses to build a site with a broken catalogue.
 */
export function catalogueProblems(catalogues = readCatalogues()): string[] {
  const problems: string[] = [];
  const keys = new Set(Object.values(catalogues).flatMap((c) => Object.keys(c)));
  for (const locale of LOCALE_IDS) {
    const catalogue = catalogues[locale];
    const file = `src/web/i18n/messages/${locale}.json`;
    if (!catalogue) {
      problems.push(`${file}: /: missing catalogue for locale ${locale}`);
      continue;
    }
    for (const key of keys)
      if (!Object.hasOwn(catalogue, key)) problems.push(`${file}: /${key}: message missing (other locales have it)`);
    for (const [key, message] of Object.entries(catalogue)) {
      try {
        for (const what of unsupportedElements(parse(message)))
          problems.push(`${file}: /${key}: the site does not draw a ${what}`);
      } catch (error) {
        problems.push(`${file}: /${key}: ICU message does not parse: ${(error as Error).message}`);
      }
    }
  }
  return problems;
}

/**
 * Messages that one lazy page alone draws, by key prefix, with the module they go to: out of the
 * catalogue every page loads before it hydrates (counted in each page's JavaScript, the unit page's
 * budget among them), into that page's own chunk. The developers' page is prose a results reader
 * never needs, nor are the operators' internal pages.
 */
export const PAGE_MESSAGES = [
  { prefix: 'developers.', module: 'developers' },
  { prefix: 'internal.', module: 'internal' },
] as const;

const pageMessage = (key: string) => PAGE_MESSAGES.some(({ prefix }) => key.startsWith(prefix));

/** A catalogue's messages chosen by key, sorted and precompiled. */
const compiledMessages = (catalogue: Record<string, string>, keep: (key: string) => boolean) =>
  Object.fromEntries(
    Object.entries(catalogue)
      .filter(([key]) => keep(key))
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, message]) => [key, parse(message)]),
  );

/**
 * Precompiled catalogues (ICU syntax trees formatjs draws), so the browser never ships the message
 * parser: one module per language for the site, and one per page of PAGE_MESSAGES with its three
 * languages.
 */
export function emitMessages(): GeneratedFile[] {
  const catalogues = readCatalogues();
  const site = LOCALE_IDS.map((locale) => ({
    path: `src/generated/messages/${locale}.ts`,
    content: `${generatedHeader(`src/web/i18n/messages/${locale}.json`)}import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const messages: Record<string, MessageFormatElement[]> = ${json(compiledMessages(catalogues[locale] ?? {}, (key) => !pageMessage(key)))};
export default messages;
`,
  }));
  const pages = PAGE_MESSAGES.map(({ prefix, module }) => {
    const compiled = Object.fromEntries(
      LOCALE_IDS.map((locale) => [locale, compiledMessages(catalogues[locale] ?? {}, (key) => key.startsWith(prefix))]),
    );
    return {
      path: `src/generated/messages/${module}.ts`,
      content: `${generatedHeader('src/web/i18n/messages/*.json')}import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { LocaleId } from '../../core/sports/vocabulary';

/** The messages under \`${prefix}\`, in each language: the page's own chunk, not the site's catalogue. */
const messages: Readonly<Record<LocaleId, Record<string, MessageFormatElement[]>>> = ${json(compiled)};
export default messages;
`,
    };
  });
  return [...site, ...pages];
}
