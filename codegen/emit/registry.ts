import type { HiddenMarkConfig, SharedHiddenFile } from '../../schemas/hidden';
import type { SharedSectionsFile } from '../../schemas/sections';
import type { LegendSetFile, SharedLabelsFile, SportConfig } from '../../schemas/sport';
import { generatedHeader, json, type GeneratedFile } from './files';

const PLUGIN_SOURCE = (code: string) => `sports/${code}/sport.json`;

/** The `SportCode` union and the list it comes from, read from the sport folders. */
export function emitSportCodes(codes: readonly string[]): GeneratedFile {
  return {
    path: 'src/generated/sportCodes.ts',
    content: `${generatedHeader('the folders of sports/')}
/** Every sport with a plugin, in code order. */
export const SPORT_CODES = ${json(codes)} as const;

export type SportCode = (typeof SPORT_CODES)[number];

const known: ReadonlySet<string> = new Set(SPORT_CODES);
export function isSportCode(value: string): value is SportCode {
  return known.has(value);
}
`,
  };
}

export function emitSharedLabels(shared: SharedLabelsFile): GeneratedFile {
  return {
    path: 'src/generated/sharedLabels.ts',
    content: `${generatedHeader('sports/_shared/labels.json')}import type { SharedLabels } from '../core/sports/resolve';

const sharedLabels: SharedLabels = ${json(shared.labels)};
export default sharedLabels;
`,
  };
}

/** A plugin's marks as pages load them: the codes, not the reasons written for editors. */
const markCodes = (marks: readonly HiddenMarkConfig[] = []) => marks.map(({ code }) => ({ code }));

/** The marks every sport inherits, merged under a sport's own at load. */
export function emitSharedHidden(shared: SharedHiddenFile): GeneratedFile {
  return {
    path: 'src/generated/sharedHidden.ts',
    content: `${generatedHeader('sports/_shared/hidden.json')}import type { SharedHidden } from '../core/sports/resolve';

const sharedHidden: SharedHidden = ${json(markCodes(shared.hidden))};
export default sharedHidden;
`,
  };
}

/**
 * Why each mark hides its values, by sport (\`_shared\` for every sport's): the coverage report's,
 * on the server. Out of the plugin chunks, where a page would load 22 KB of editors' prose for nothing.
 */
export function emitHiddenReasons(shared: SharedHiddenFile, sports: readonly SportConfig[]): GeneratedFile {
  const reasons = (marks: readonly HiddenMarkConfig[] = []) => Object.fromEntries(marks.map((m) => [m.code, m.reason]));
  const bySport = Object.fromEntries([
    ['_shared', reasons(shared.hidden)],
    ...sports.filter((sport) => (sport.hidden ?? []).length > 0).map((sport) => [sport.code, reasons(sport.hidden)]),
  ]);
  return {
    path: 'src/generated/hiddenReasons.ts',
    content: `${generatedHeader("sports/_shared/hidden.json and the sports' hidden marks")}
/** Why each hidden mark hides its values, by sport code (\`_shared\`: every sport's). Server-only. */
export const hiddenReasons: Readonly<Record<string, Readonly<Record<string, string>>>> = ${json(bySport)};
`,
  };
}

/** The sections and row details every sport's table layouts of a document get (a layout's own of the same id win). */
export function emitSharedSections(shared: SharedSectionsFile): GeneratedFile {
  return {
    path: 'src/generated/sharedSections.ts',
    content: `${generatedHeader('sports/_shared/sections.json')}import type { SharedSections } from '../core/sports/resolve';

const sharedSections: SharedSections = ${json(shared.shared)};
export default sharedSections;
`,
  };
}

/** One module per shared legend set: plugins that reference it share its chunk. */
export function emitLegendSet(set: LegendSetFile): GeneratedFile {
  const { $schema: _schema, title: _title, ...data } = set;
  return {
    path: `src/generated/legend/${set.name}.ts`,
    content: `${generatedHeader(`sports/_shared/legend/${set.name}.json`)}import type { LegendSetData } from '../../core/sports/resolve';

const set: LegendSetData = ${json(data)};
export default set;
`,
  };
}

/** One module per sport: its validated config, resolved against the shared sets at load. */
export function emitSportModule(sport: SportConfig): GeneratedFile {
  const { $schema: _schema, hidden, ...rest } = sport;
  const config = hidden ? { ...rest, hidden: markCodes(hidden) } : rest;
  const sets = [...new Set(sport.legend.sets.map((reference) => reference.set))].sort();
  const imports = sets.map((name) => `import ${name} from '../legend/${name}';`).join('\n');
  return {
    path: `src/generated/sports/${sport.code}.ts`,
    content: `${generatedHeader(PLUGIN_SOURCE(sport.code))}import { resolveSport } from '../../core/sports/resolve';
import type { RuntimeSportConfig } from '../../core/sports/types';
import sharedHidden from '../sharedHidden';
import sharedLabels from '../sharedLabels';
import sharedSections from '../sharedSections';
${imports}

const config: RuntimeSportConfig = ${json(config)};

export default resolveSport(config, new Map([${sets.map((name) => `[${name}.name, ${name}]`).join(', ')}]), sharedLabels, sharedHidden, sharedSections);
`,
  };
}

/** The lazy registry: one dynamic import, so one chunk, per sport (like ESLint's lazy rule map). */
export function emitRegistry(codes: readonly string[]): GeneratedFile {
  const loaders = codes.map((code) => `  ${code}: () => import('./sports/${code}'),`).join('\n');
  return {
    path: 'src/generated/sportRegistry.ts',
    content: `${generatedHeader('the folders of sports/')}import type { ResolvedSport } from '../core/sports/types';
import type { SportCode } from './sportCodes';

export const sportLoaders: Readonly<Record<SportCode, () => Promise<{ default: ResolvedSport }>>> = {
${loaders}
};
`,
  };
}
