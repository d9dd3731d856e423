import { feedValues, type Element, type FeedValue } from '../../core/feedValues';
import { namesDirectoryCode, type NamesDirectory } from '../../core/namesDirectory';
import { disciplineOf } from '../../core/rsc';
import type { ResolvedSport } from '../../core/sports/types';
import { LOCALE_IDS } from '../../core/sports/vocabulary';
import type { ViewContext } from '../../core/views/layout';
import { isSportCode, loadSport } from '../../web/data/sections';
import { classifyValues, unitPageLayouts, type ClassifiedValue } from '../../web/more/coverage';
import type { Db } from '../store/database';
import type { DocumentStore } from '../store/documents';
import { hiddenReason } from './hiddenReason';
import { partsReading, type NamedLayout } from './layoutParts';
import type { CoverageReport, SportCoverage } from './report';
import { latestStoredMessages, messageBody, parseStoredMessage, type StoredMessage } from './storedMessages';
import { TypeTally, type Occurrence } from './tally';

export interface CoverageOptions {
  /** One sport code (a DocumentCode's first three characters). */
  readonly sport?: string;
  /** Awaited between messages: a server answers other requests meanwhile. */
  readonly pause?: () => Promise<void>;
}

type LoadedSport = { sport?: ResolvedSport; error?: string };

/**
 * Reads the latest stored message of every document in the log and classifies its values the way
 * the site does (classifyValues: every layout of the plugin that reads the type, behind a
 * ReadRecord), in each of the site's languages (a layout may read the English text in one and the
 * Chinese in another: a value read in any is shown). Types the plugin has no layout for are read by
 * the site's core (schedule, participants, medallists: derived documents) and listed per type.
 */
export async function buildCoverageReport(
  source: { readonly db: Db; readonly store: DocumentStore },
  options: CoverageOptions = {},
): Promise<CoverageReport> {
  const messages = latestStoredMessages(source.db, options.sport ? { sport: options.sport } : {});
  const sports = new Map<string, LoadedSport>();
  const tallies = new Map<string, Map<string, TypeTally>>();
  const names = namesReader(source.store);
  for (const message of messages) {
    const code = message.code.slice(0, 3);
    let loaded = sports.get(code);
    if (!loaded) sports.set(code, (loaded = await loadSport(code)));
    const sport = loaded.sport;
    if (!sport) continue;
    const layouts = layoutsOf(sport, message.type);
    const perSport = tallies.get(code) ?? new Map<string, TypeTally>();
    tallies.set(code, perSport);
    let tally = perSport.get(message.type);
    if (!tally) {
      const readBy = layouts.length > 0 ? 'layouts' : 'core';
      tally = new TypeTally(
        message.type,
        readBy,
        layouts.map((l) => `${l.scope} ${l.id}`),
      );
      perSport.set(message.type, tally);
    }
    readMessage(source.db, message, sport, layouts, tally, names(message.code));
    await options.pause?.();
  }
  return {
    generatedAt: new Date().toISOString(),
    messages: messages.length,
    sports: [...sports]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([code, loaded]): SportCoverage => {
        const types = [...(tallies.get(code)?.values() ?? [])]
          .flatMap((t) => t.result() ?? [])
          .sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
        return {
          sport: code,
          plugin: isSportCode(code),
          ...(loaded.error ? { error: loaded.error } : {}),
          types,
        };
      }),
  };
}

/** The plugin's tabs and pages that read a document type. */
function layoutsOf(sport: ResolvedSport, type: string): NamedLayout[] {
  const named = (scope: 'tab' | 'page', layouts: ResolvedSport['layouts']['tabs'] | undefined): NamedLayout[] =>
    Object.entries(layouts ?? {}).flatMap(([id, layout]) =>
      layout && layout.document === type ? [{ scope, id, layout }] : [],
    );
  return [...named('tab', unitPageLayouts(sport.layouts)), ...named('page', sport.layouts?.pages)];
}

function readMessage(
  db: Db,
  message: StoredMessage,
  sport: ResolvedSport,
  layouts: readonly NamedLayout[],
  tally: TypeTally,
  names: NamesDirectory | undefined,
): void {
  const example = { code: message.code, messageId: message.id };
  if (layouts.length === 0) return tally.addMessage(example, []);
  let parsed;
  try {
    const body = messageBody(db, message.id);
    if (!body) return tally.addUnreadable(example);
    parsed = parseStoredMessage(body);
  } catch {
    return tally.addUnreadable(example);
  }
  const { document, arrived } = parsed;
  const contexts: ViewContext[] = LOCALE_IDS.map((locale) => ({
    sport,
    locale,
    eventCode: message.code,
    ...(names ? { names } : {}),
  }));
  const readers = layouts.map((l) => l.layout);
  const values = mergeLocales(contexts.map((context) => classifyValues(readers, document, context))).filter((c) =>
    arrived.has(c.value.owner),
  );
  const signatures = signaturesOf(document);
  const signatureOf = (c: ClassifiedValue) =>
    signatures.get(c.value.owner)?.get(c.value.attribute) ?? c.value.signature;
  const occurrences: Occurrence[] = values.map((c) => ({
    signature: signatureOf(c),
    status: c.status,
    value: c.value.value,
    ...(c.mark !== undefined ? { reason: hiddenReason(sport.code, c.mark) ?? c.mark } : {}),
  }));
  tally.addMessage(example, occurrences);
  // Where a read value is shown is looked for once per kind of value: parts are run only on a
  // message that brings a read kind not yet placed.
  const unplaced = new Map<FeedValue, string>();
  for (const c of values)
    if (c.status === 'read' && !tally.attributed(signatureOf(c))) unplaced.set(c.value, signatureOf(c));
  for (const context of contexts) {
    if (unplaced.size === 0) break;
    for (const [value, shown] of partsReading(layouts, document, context, [...unplaced.keys()])) {
      tally.addShownBy(unplaced.get(value)!, shown);
      unplaced.delete(value);
    }
  }
}

/** One classification per value: read when any language's run read it. */
function mergeLocales(runs: readonly ClassifiedValue[][]): ClassifiedValue[] {
  const byOwner = new Map<object, Map<string, number>>();
  const out: ClassifiedValue[] = [];
  for (const run of runs)
    for (const c of run) {
      const own = byOwner.get(c.value.owner) ?? new Map<string, number>();
      byOwner.set(c.value.owner, own);
      const at = own.get(c.value.attribute);
      if (at === undefined) {
        own.set(c.value.attribute, out.length);
        out.push(c);
      } else if (c.status === 'read' && out[at]?.status !== 'read') out[at] = c;
    }
  return out;
}

/**
 * Each value's signature from the document's root (`Competition.Result.ExtendedResults.ExtendedResult[Type=ER&Code=RT].Value`):
 * classifyValues walks rows and the unit apart, each from its own root; the editor reads the whole path.
 */
function signaturesOf(document: Element): Map<object, Map<string, string>> {
  const out = new Map<object, Map<string, string>>();
  for (const value of feedValues(document)) {
    const own = out.get(value.owner) ?? new Map<string, string>();
    out.set(value.owner, own);
    own.set(value.attribute, value.signature);
  }
  return out;
}

/** The names directory a page joins a document's rows to (NAMES of its event, else its discipline), read once. */
function namesReader(store: DocumentStore): (code: string) => NamesDirectory | undefined {
  const known = new Map<string, NamesDirectory | undefined>();
  const read = (code: string): NamesDirectory | undefined => {
    if (known.has(code)) return known.get(code);
    if (known.size > 200) known.clear();
    let directory: NamesDirectory | undefined;
    try {
      const stored = store.get('NAMES', code);
      directory = stored ? (JSON.parse(stored.body) as NamesDirectory) : undefined;
    } catch {
      directory = undefined;
    }
    known.set(code, directory);
    return directory;
  };
  return (code) => {
    try {
      const own = namesDirectoryCode(code);
      return read(own) ?? (own === disciplineOf(code) ? undefined : read(disciplineOf(code)));
    } catch {
      return undefined;
    }
  };
}
