import { basename, dirname } from 'node:path';
import type { SharedHiddenFile } from '../../schemas/hidden';
import type { SharedSectionsFile } from '../../schemas/sections';
import type { LegendEntry, LegendSetFile, SharedLabelsFile, SportConfig } from '../../schemas/sport';
import { resolveSport } from '../../src/core/sports/resolve';
import type { ResolvedSport } from '../../src/core/sports/types';
import { LOCALE_IDS } from '../../src/core/sports/vocabulary';
import type { EventProgramme } from '../../schemas/events';
import {
  eventsFile,
  legendSetFiles,
  legendSetNameOf,
  readJsonFile,
  SHARED_HIDDEN_FILE,
  SHARED_LABELS_FILE,
  SHARED_SECTIONS_FILE,
  sportFile,
  sportFolders,
  type JsonFile,
} from '../load';
import { ProblemList, type Problem } from '../problems';
import { checkLabelKeysAgree } from './labels';
import { checkDuplicateCodes, checkLegendEntry } from './legend';
import { checkSchema } from './schema';
import { checkSportRules } from './sport';
import { checkAgainstExamples, readExamples, type SportExample } from './examples';
import { simplifiedCharactersIn } from './traditional';

export interface CheckedPlugins {
  readonly problems: Problem[];
  /** Sports that passed every check, by code. */
  readonly sports: Map<string, SportConfig>;
  readonly legendSets: Map<string, LegendSetFile>;
  readonly sharedLabels?: SharedLabelsFile;
  readonly sharedHidden?: SharedHiddenFile;
  readonly sharedSections?: SharedSectionsFile;
  /** Example values no layout reads (shown under "More"): the editors' worklist; never fail the check. */
  readonly warnings: Problem[];
  /** Event programmes that passed their checks, by sport code. */
  readonly programmes: Map<string, EventProgramme>;
}

type FileKind = 'sport' | 'legendSet' | 'sharedLabels' | 'sharedHidden' | 'sharedSections' | 'events';

function kindOf(absolute: string): FileKind {
  if (basename(absolute) === 'events.json') return 'events';
  if (basename(absolute) === 'labels.json' && basename(dirname(absolute)) === '_shared') return 'sharedLabels';
  if (basename(absolute) === 'hidden.json' && basename(dirname(absolute)) === '_shared') return 'sharedHidden';
  if (basename(absolute) === 'sections.json' && basename(dirname(absolute)) === '_shared') return 'sharedSections';
  if (basename(dirname(absolute)) === 'legend' && basename(dirname(dirname(absolute))) === '_shared')
    return 'legendSet';
  return 'sport';
}

function checkSharedLabels(file: JsonFile, problems: ProblemList): SharedLabelsFile | undefined {
  if (!checkSchema('sharedLabels', file.data, problems)) return undefined;
  const shared = file.data as SharedLabelsFile;
  checkLabelKeysAgree(shared.labels, '/labels', problems);
  for (const [key, text] of Object.entries(shared.labels.zh_HK)) {
    const found = simplifiedCharactersIn(text);
    if (found) problems.add(`/labels/zh_HK/${key}`, `zh_HK text has Simplified characters (${found})`);
  }
  // Returned even with problems: sports are checked against its keys, and its own problems are reported.
  return shared;
}

/** The marks every sport inherits: the schema (a reason for each), and each code marked once. */
function checkSharedHidden(file: JsonFile, problems: ProblemList): SharedHiddenFile | undefined {
  if (!checkSchema('sharedHidden', file.data, problems)) return undefined;
  const shared = file.data as SharedHiddenFile;
  const seen = new Set<string>();
  shared.hidden.forEach((mark, i) => {
    if (seen.has(mark.code)) problems.add(`/hidden/${i}/code`, `${JSON.stringify(mark.code)} is marked twice`);
    seen.add(mark.code);
  });
  return shared;
}

/**
 * The sections and details every sport's table layouts get: the schema, ids once per document and
 * kind, and every label they name in the shared labels (a sport cannot be asked to label them).
 */
function checkSharedSections(
  file: JsonFile,
  problems: ProblemList,
  sharedLabelKeys: ReadonlySet<string>,
): SharedSectionsFile | undefined {
  if (!checkSchema('sharedSections', file.data, problems)) return undefined;
  const shared = file.data as SharedSectionsFile;
  const seen = new Set<string>();
  shared.shared.forEach((part, i) => {
    for (const kind of ['sections', 'details'] as const) {
      part[kind]?.forEach((table, j) => {
        const at = `/shared/${i}/${kind}/${j}`;
        const key = `${part.document} ${part.rows ?? ''} ${kind} ${table.id}`;
        if (seen.has(key))
          problems.add(`${at}/id`, `${JSON.stringify(table.id)} is declared twice for ${part.document}`);
        seen.add(key);
        const labels = [
          { pointer: `${at}/label`, key: table.label },
          ...table.columns.map((column, k) => ({ pointer: `${at}/columns/${k}/label`, key: column.label })),
        ];
        for (const { pointer, key: label } of labels)
          if (!sharedLabelKeys.has(label))
            problems.add(pointer, `label ${JSON.stringify(label)} is not in the shared labels`);
      });
    }
  });
  return shared;
}

function checkLegendSet(file: JsonFile, problems: ProblemList): LegendSetFile | undefined {
  if (!checkSchema('legendSet', file.data, problems)) return undefined;
  const set = file.data as LegendSetFile;
  const name = legendSetNameOf(file.absolute);
  if (set.name !== name)
    problems.add('/name', `name ${JSON.stringify(set.name)} differs from the file name ${JSON.stringify(name)}`);
  set.entries.forEach((entry, i) => checkLegendEntry(entry, `/entries/${i}`, problems));
  checkDuplicateCodes(
    set.entries.map((entry, i) => ({ entry, at: `/entries/${i}`, origin: '' })),
    problems,
  );
  return set;
}

/** A sport's event programme: the schema, its code, and event ids unique. */
function checkEvents(file: JsonFile, problems: ProblemList, folder: string): EventProgramme | undefined {
  if (!checkSchema('events', file.data, problems)) return undefined;
  const programme = file.data as EventProgramme;
  if (programme.code !== folder) {
    problems.add('/code', `code ${JSON.stringify(programme.code)} differs from its folder ${JSON.stringify(folder)}`);
  }
  const before = problems.items.length;
  const seen = new Set<string>();
  programme.treeEvents?.forEach((event, i) => {
    if (programme.events.some((e) => e.gender === event.gender && e.id === event.id))
      problems.add(`/treeEvents/${i}/id`, `event ${event.gender} ${JSON.stringify(event.id)} is also in "events"`);
  });
  programme.events.forEach((event, i) => {
    const id = `${event.gender}${event.id}`;
    if (seen.has(id))
      problems.add(`/events/${i}/id`, `event ${event.gender} ${JSON.stringify(event.id)} appears twice`);
    seen.add(id);
    if (event.phases.includes('RND') && event.rounds === undefined) {
      problems.add(`/events/${i}/rounds`, 'an event with RND phases needs "rounds"');
    }
  });
  return problems.items.length === before ? programme : undefined;
}

/**
 * Validates plugin files: the given ones, or all of sports/ when none are given. Shared labels and
 * legend sets are always read, since every sport is checked against them.
 */
/**
 * What a caller may add about each valid sport and its examples: sports:check passes the site's
 * "More" warnings (src/server/coverage/exampleWarnings.ts), which codegen itself must not import.
 */
export type ExampleWarnings = (sport: ResolvedSport, examples: readonly SportExample[], folder: string) => Problem[];

export function checkPlugins(
  files?: readonly string[],
  { examples = true, warn }: { examples?: boolean; warn?: ExampleWarnings } = {},
): CheckedPlugins {
  const problems: Problem[] = [];
  const explicit = files !== undefined && files.length > 0;
  const repoSetFiles = legendSetFiles();
  const targets = explicit
    ? files
    : [
        SHARED_LABELS_FILE,
        SHARED_HIDDEN_FILE,
        SHARED_SECTIONS_FILE,
        ...repoSetFiles,
        ...sportFolders().flatMap((code) => [sportFile(code), eventsFile(code)]),
      ];
  let silentProblems = 0;

  /** Reads and checks one file; a shared file not asked for is checked silently (sports need it). */
  function checkFile<T>(absolute: string, check: (f: JsonFile, list: ProblemList) => T | undefined, report: boolean) {
    const file = readJsonFile(absolute);
    const list = new ProblemList(file.file);
    const result = file.problem ? undefined : check(file, list);
    const found = file.problem ? [file.problem] : list.items;
    if (report) problems.push(...found);
    else silentProblems += found.length;
    return result;
  }
  const asked = (absolute: string) => !explicit || targets.includes(absolute);

  const sharedLabels = checkFile(SHARED_LABELS_FILE, checkSharedLabels, asked(SHARED_LABELS_FILE));
  const sharedHidden = checkFile(SHARED_HIDDEN_FILE, checkSharedHidden, asked(SHARED_HIDDEN_FILE));
  const sharedLabelKeys = new Set(sharedLabels ? LOCALE_IDS.flatMap((l) => Object.keys(sharedLabels.labels[l])) : []);
  const checkSections = (file: JsonFile, list: ProblemList) => checkSharedSections(file, list, sharedLabelKeys);
  const sharedSections = checkFile(SHARED_SECTIONS_FILE, checkSections, asked(SHARED_SECTIONS_FILE));
  const legendSets = new Map<string, LegendSetFile>();
  for (const absolute of repoSetFiles) {
    const set = checkFile(absolute, checkLegendSet, asked(absolute));
    if (set) legendSets.set(set.name, set);
  }
  const setEntries = new Map<string, readonly LegendEntry[]>([...legendSets].map(([n, s]) => [n, s.entries]));

  const warnings: Problem[] = [];
  const sports = new Map<string, SportConfig>();
  const programmes = new Map<string, EventProgramme>();
  for (const absolute of targets) {
    const kind = kindOf(absolute);
    if (kind === 'sharedLabels') {
      if (absolute !== SHARED_LABELS_FILE) checkFile(absolute, checkSharedLabels, true);
      continue;
    }
    if (kind === 'sharedHidden') {
      if (absolute !== SHARED_HIDDEN_FILE) checkFile(absolute, checkSharedHidden, true);
      continue;
    }
    if (kind === 'sharedSections') {
      if (absolute !== SHARED_SECTIONS_FILE) checkFile(absolute, checkSections, true);
      continue;
    }
    if (kind === 'events') {
      const programme = checkFile(absolute, (file, list) => checkEvents(file, list, basename(dirname(absolute))), true);
      if (programme) programmes.set(programme.code, programme);
      continue;
    }
    if (kind === 'legendSet') {
      if (!repoSetFiles.includes(absolute)) checkFile(absolute, checkLegendSet, true);
      continue;
    }
    const sport = checkFile(
      absolute,
      (file, list) => {
        if (!checkSchema('sport', file.data, list)) return undefined;
        const config = file.data as SportConfig;
        const before = list.items.length;
        const context = { folder: basename(dirname(absolute)), legendSets: setEntries, sharedLabelKeys };
        checkSportRules(config, context, list);
        if (list.items.length !== before) return undefined;
        // The examples are checked by sports:check (and npm test); generation needs only a valid plugin.
        if (examples) {
          const found = readExamples(dirname(absolute), context.folder, problems);
          checkAgainstExamples(config, found, setEntries, list);
          // Only a plugin without problems is run on its examples: its More is then the worklist.
          if (list.items.length === before && sharedLabels) {
            const sets = new Map([...setEntries].map(([name, entries]) => [name, { name, entries }]));
            const resolved = resolveSport(
              config,
              sets,
              sharedLabels.labels,
              sharedHidden?.hidden ?? [],
              sharedSections?.shared ?? [],
            );
            if (warn) warnings.push(...warn(resolved, found, dirname(absolute)));
          }
        }
        return config;
      },
      true,
    );
    if (sport) sports.set(sport.code, sport);
  }
  if (silentProblems > 0) {
    problems.push({
      file: 'sports/_shared',
      pointer: '',
      message: `the shared labels or legend sets have ${silentProblems} problem(s); run npm run sports:check to see them`,
    });
  }
  return {
    problems,
    warnings,
    sports,
    legendSets,
    programmes,
    ...(sharedLabels ? { sharedLabels } : {}),
    ...(sharedHidden ? { sharedHidden } : {}),
    ...(sharedSections ? { sharedSections } : {}),
  };
}
