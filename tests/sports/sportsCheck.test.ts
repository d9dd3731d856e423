import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SportConfig } from '../../schemas/sport';
import { ROOT } from '../../codegen/paths';
import { checkPlugins } from '../../codegen/validate';
import { NOT_A_SPORT_CODE } from '../../src/core/sports/vocabulary';

/** A fresh copy of the swimming plugin, mutated by one case and written to <tmp>/<folder>/sport.json. */
function writeVariant(mutate: (sport: SportConfig & Record<string, unknown>) => void, folder = 'SWM'): string {
  const sport = JSON.parse(readFileSync(join(ROOT, 'sports/SWM/sport.json'), 'utf8'));
  mutate(sport);
  const dir = join(mkdtempSync(join(tmpdir(), 'podium-check-')), folder);
  mkdirSync(dir);
  // The plugin travels with its examples, which sports:check checks it against.
  cpSync(join(ROOT, 'sports/SWM/examples'), join(dir, 'examples'), { recursive: true });
  const file = join(dir, 'sport.json');
  writeFileSync(file, JSON.stringify(sport, null, 2));
  return file;
}

const firstEntry = (s: SportConfig) => s.legend.entries[0]!;
const resultColumns = (s: SportConfig) => s.layouts.tabs['result']!.columns!;
/** Where the unmodified swimming plugin's result columns stand (the cases point into them). */
const swimming = JSON.parse(readFileSync(join(ROOT, 'sports/SWM/sport.json'), 'utf8')) as SportConfig;
const ORGANISATION_COLUMN = resultColumns(swimming).findIndex((c) => c.path === 'Competitor.Organisation');
const RESULT_COLUMNS = resultColumns(swimming).length;

/** One case per rule of `sports:check`: the mutation, the pointer it is reported at, and words of the message. */
const cases: [string, (s: SportConfig & Record<string, unknown>) => void, string, RegExp][] = [
  [
    'a misspelt attribute in a column path (no example has it)',
    (s) => {
      const column = resultColumns(s).findIndex((c) => c.path === 'Competitor.Organisation');
      resultColumns(s)[column]!.path = 'Competitor.Organisaton';
    },
    `/layouts/tabs/result/columns/${ORGANISATION_COLUMN}/path`,
    /"Competitor\.Organisaton" finds no value in the DT_RESULT examples/,
  ],
  [
    'groups whose path does not start the rows',
    (s) => void (s.layouts.tabs['result']!.groups = { path: 'Competition.Results' }),
    '/layouts/tabs/result/groups/path',
    /"Competition\.Results" does not start "rows" \("Competition\.Result"\)/,
  ],
  [
    'groups beside groupBy',
    (s) => {
      s.layouts.tabs['result']!.groups = { path: 'Competition' };
      s.layouts.tabs['result']!.groupBy = 'Competitor.Organisation';
    },
    '/layouts/tabs/result/groups',
    /"groups" and "groupBy" exclude each other/,
  ],
  [
    'a group heading that finds nothing',
    (s) => void (s.layouts.tabs['result']!.groups = { path: 'Competition', heading: 'TeamNam' }),
    '/layouts/tabs/result/groups/heading',
    /"TeamNam" finds no value in the DT_RESULT examples/,
  ],
  [
    'group totals without their label',
    (s) => void (s.layouts.tabs['result']!.groups = { path: 'Competition', totals: 'teamTotal' }),
    '/layouts/tabs/result/groups/totals',
    /no label "teamTotal"/,
  ],
  [
    'group totals on elements no column reads a value on',
    (s) => void (s.layouts.tabs['result']!.groups = { path: 'Competition', totals: 'teamTotals' }),
    '/layouts/tabs/result/groups/totals',
    /no column but a name finds a value on the elements of "Competition"/,
  ],
  [
    'a misspelt sort key',
    (s) => void (s.layouts.tabs['result']!.sort = [{ path: 'SortOrdr', type: 'number' }]),
    '/layouts/tabs/result/sort/0/path',
    /"SortOrdr" finds no value in the DT_RESULT examples/,
  ],
  [
    'a misspelt extended-result code',
    (s) =>
      void resultColumns(s).push({
        id: 'reaction',
        label: 'reactionTime',
        path: 'ExtendedResults.ExtendedResult[Code=REACTION_TIMES].Value',
        cell: 'time',
      }),
    `/layouts/tabs/result/columns/${RESULT_COLUMNS}/path`,
    /finds no value in the DT_RESULT examples/,
  ],
  [
    'an unknown tab id',
    (s) => void (s.unitTabs[1] = 'results' as never),
    '/unitTabs/1',
    /"results" is not a known tab id \(did you mean "result"\?\); allowed: startlist, result, report/,
  ],
  [
    'an unknown page id',
    (s) => void ((s.pages as Record<string, unknown>)['bracket'] = { event: true }),
    '/pages/bracket',
    /"bracket" is not a known page id \(did you mean "brackets"\?\); allowed: brackets/,
  ],
  [
    "a core tab id declared as the sport's own",
    (s) => void (s['ownTabs'] = ['result']),
    '/ownTabs/0',
    /"result" is a core tab id: it needs no declaring/,
  ],
  [
    'an own tab the sport does not have',
    (s) => void (s['ownTabs'] = ['splitTimes']),
    '/ownTabs/0',
    /"splitTimes" is declared but the sport has no such tab/,
  ],
  [
    'an own tab without its label',
    (s) => {
      s['ownTabs'] = ['splitTimes'];
      s.unitTabs.push('splitTimes');
      s.layouts.tabs['splitTimes'] = s.layouts.tabs['result']!;
    },
    '/ownTabs/0',
    /tab "splitTimes" has no label "tab.splitTimes" in every language/,
  ],
  [
    'an own page id used but not declared',
    (s) => void (s.pages['splits'] = { event: true }),
    '/pages/splits',
    /"splits" is not a known page id; allowed: brackets, poolstanding, summary, group, statistics, record \(an id only this sport has is declared in "ownPages"\)/,
  ],
  [
    'an unknown layout tab id',
    (s) => void ((s.layouts.tabs as Record<string, unknown>)['results'] = s.layouts.tabs['result']),
    '/layouts/tabs/results',
    /layout for tab "results", which the sport does not declare/,
  ],
  [
    'a missing locale in a label set',
    (s) => void delete (s.labels as Partial<SportConfig['labels']>).zh_HK,
    '/labels',
    /missing locale "zh_HK"/,
  ],
  [
    'a missing locale in a description',
    (s) => void delete (firstEntry(s).description as Partial<SportConfig['name']>).en_US,
    '/legend/entries/0/description',
    /missing locale "en_US"/,
  ],
  [
    'a missing locale in the name',
    (s) => void delete (s.name as Partial<SportConfig['name']>).zh_CN,
    '/name',
    /missing locale "zh_CN"/,
  ],
  [
    'a label key missing in one locale',
    (s) => void delete s.labels.en_US['heat'],
    '/labels/en_US',
    /label "heat" is missing in en_US/,
  ],
  [
    'a duplicate legend code for the same key',
    (s) => void s.legend.entries.push({ ...firstEntry(s), code: 'Q', title: 'Q' }),
    '/legend/entries/1',
    /duplicate legend code "Q" for key QualificationMark: already declared at \/legend\/sets\/1/,
  ],
  [
    'a duplicate code within own entries',
    (s) => void s.legend.entries.push({ ...firstEntry(s) }),
    '/legend/entries/1',
    /duplicate legend code "SO"/,
  ],
  [
    'a code that is not three uppercase letters or digits',
    (s) => void (s.code = 'Swm'),
    '/code',
    /"Swm" is not a sport code: it must be three uppercase letters or digits/,
  ],
  [
    'a code that differs from its folder',
    (s) => void (s.code = 'SWA'),
    '/code',
    /code "SWA" differs from its folder "SWM"/,
  ],
  [
    'a value path that does not parse',
    (s) => void (resultColumns(s)[0]!.path = 'Rank['),
    '/layouts/tabs/result/columns/0/path',
    /value path "Rank\[" does not parse: expected an attribute name or an index .* at position 5/,
  ],
  [
    'a detail value path that does not parse',
    (s) => void (s.layouts.tabs['result']!.details![0]!.rows = 'A..B'),
    '/layouts/tabs/result/details/0/rows',
    /value path "A\.\.B" does not parse/,
  ],
  [
    'an invalid ruleRegx',
    (s) => void (firstEntry(s).ruleRegx = '(unclosed'),
    '/legend/entries/0/ruleRegx',
    /is not a valid regular expression/,
  ],
  [
    'a ruleRegx vulnerable to catastrophic backtracking',
    (s) => void (firstEntry(s).ruleRegx = '^(a+)+$'),
    '/legend/entries/0/ruleRegx',
    /vulnerable to catastrophic backtracking/,
  ],
  [
    'an rscRegx vulnerable to catastrophic backtracking',
    (s) => void (firstEntry(s).rscRegx = '^(\\w|\\d)*x$'),
    '/legend/entries/0/rscRegx',
    /vulnerable to catastrophic backtracking/,
  ],
  [
    'an invalid rscRegx',
    (s) => void (firstEntry(s).rscRegx = '[z-a]'),
    '/legend/entries/0/rscRegx',
    /is not a valid regular expression/,
  ],
  [
    'an unknown key',
    (s) => void ((resultColumns(s)[0] as Record<string, unknown>)['colour'] = 'red'),
    '/layouts/tabs/result/columns/0/colour',
    /unknown key "colour"/,
  ],
  [
    'an unknown cell kind',
    (s) => void (resultColumns(s)[0]!.cell = 'sparkline' as never),
    '/layouts/tabs/result/columns/0/cell',
    /"sparkline" is not a known cell kind; allowed: (\w+, )*text\b/,
  ],
  [
    'a declared tab without a layout',
    (s) => void delete s.layouts.tabs['report'],
    '/layouts/tabs',
    /missing layout for tab "report"/,
  ],
  [
    'a layout for an undeclared page',
    (s) => void (s.layouts.pages['brackets'] = { widget: 'bracket', document: 'DT_BRACKETS' }),
    '/layouts/pages/brackets',
    /layout for page "brackets", which the sport does not declare/,
  ],
  [
    'a menu entry for an undeclared page',
    (s) => void (s.menu['3'] = { page: 'brackets', label: 'page.brackets' }),
    '/menu/3/page',
    /points to page "brackets", which the sport does not declare/,
  ],
  [
    'a menu entry of the wrong kind for its position',
    (s) => void (s.menu['3'] = { page: 'record' as never, label: 'page.record' }),
    '/menu/3/page',
    /not a known page for this menu position; allowed: brackets/,
  ],
  [
    'a label that exists nowhere',
    (s) => void (resultColumns(s)[0]!.label = 'noSuchLabel'),
    '/layouts/tabs/result/columns/0/label',
    /no label "noSuchLabel"/,
  ],
  [
    'a reference to an unknown legend set',
    (s) => void s.legend.sets.push({ set: 'nosuch' }),
    '/legend/sets/4/set',
    /no shared legend set "nosuch"; known sets: aquaticStats, archery/,
  ],
  [
    'a code the referenced set does not have',
    (s) => void (s.legend.sets[0]!.only = ['DNS', 'ZZZ']),
    '/legend/sets/0/only/1',
    /set irm has no code "ZZZ"/,
  ],
  [
    'Simplified characters in zh_HK',
    (s) => void (s.labels.zh_HK['heat'] = '组别'),
    '/labels/zh_HK/heat',
    /zh_HK text has Simplified characters \(组→組, 别→別\)/,
  ],
];

describe('sports:check rules', () => {
  it('accepts the unmodified plugin', () => {
    expect(checkPlugins([writeVariant(() => {})]).problems).toEqual([]);
  });

  it.each(cases)('rejects %s', (_name, mutate, pointer, message) => {
    const { problems } = checkPlugins([writeVariant(mutate)]);
    const at = problems.filter((p) => p.pointer === pointer);
    expect(
      at.map((p) => p.message),
      JSON.stringify(problems, null, 1),
    ).toContainEqual(expect.stringMatching(message));
  });

  it('refuses the code reserved for "not a sport", even in a folder of that name', () => {
    const file = writeVariant((s) => void (s.code = NOT_A_SPORT_CODE), NOT_A_SPORT_CODE);
    const at = checkPlugins([file]).problems.filter((p) => p.pointer === '/code');
    expect(at.map((p) => p.message)).toEqual([
      `code "${NOT_A_SPORT_CODE}" is reserved: tests use it for "not a sport"`,
    ]);
  });

  it('rejects a file that is not JSON, at the root', () => {
    const file = writeVariant(() => {});
    writeFileSync(file, '{ "code": "SWM", ');
    const { problems } = checkPlugins([file]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.pointer).toBe('');
    expect(problems[0]!.message).toMatch(/not valid JSON/);
  });
});

describe('npm run sports:check', () => {
  const run = (...files: string[]) =>
    spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'codegen/sportsCheck.ts'), ...files],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );

  it('prints one clear line for a tab renamed to "results" and exits 1', () => {
    const file = writeVariant((s) => void (s.unitTabs[1] = 'results' as never));
    const { status, stdout, stderr } = run(file);
    expect(status).toBe(1);
    expect(stderr).toBe('');
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      `${file}: /unitTabs/1: "results" is not a known tab id (did you mean "result"?); allowed: startlist, result, report, statistics, summary, bracket, playByPlay (an id only this sport has is declared in "ownTabs")`,
    );
  });

  it('checks all of sports/ when given no file, and passes', () => {
    const { status, stdout, stderr } = run();
    expect(stdout).toBe('');
    expect(status).toBe(0);
    expect(stderr).toMatch(/sport plugin\(s\) valid/);
  });
});
