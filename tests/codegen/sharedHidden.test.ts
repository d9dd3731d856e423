/**
 * Issue 25 items 1 and 3: sports:check warns about every example value no layout reads, pointing
 * into the example; refuses a hidden mark without its reason; and the shared hidden marks
 * (sports/_shared/hidden.json) reach every resolved sport, so their values never show under More.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { checkPlugins } from '../../codegen/validate';
import { MORE_WARNING } from '../../src/server/coverage/exampleWarnings';
import { exampleWarnings } from '../../codegen/exampleWarnings';

import type { SharedHiddenFile } from '../../schemas/hidden';
import { resolveSport } from '../../src/core/sports/resolve';
import { parseXml } from '../../src/server/odf/normalise';
import { sportLoaders } from '../../src/generated/sportRegistry';
import { classifyValues, feedCoverage, layoutsReading } from '../../src/web/more/coverage';
import { hiddenReason } from '../../src/server/coverage/hiddenReason';

/** As sports:check asks for them (codegen/sportsCheck.ts). */
const withWarnings = { warn: exampleWarnings };

/** The swimming plugin, changed by `mutate`, with its examples (one made-up value added) in a fresh folder. */
function swimmingVariant(mutate: (sport: Record<string, unknown>) => void = () => {}): string {
  const sport = JSON.parse(readFileSync(join(ROOT, 'sports/SWM/sport.json'), 'utf8')) as Record<string, unknown>;
  mutate(sport);
  const dir = join(mkdtempSync(join(tmpdir(), 'podium-hidden-')), 'SWM');
  mkdirSync(dir);
  cpSync(join(ROOT, 'sports/SWM/examples'), join(dir, 'examples'), { recursive: true });
  // Values no dictionary names, on the final's second result and its first competitor: no layout reads them.
  const final = join(dir, 'examples/DT_RESULT.final.xml');
  let n = 0;
  const text = readFileSync(final, 'utf8').replace(/<Result /g, (match) =>
    ++n === 2 ? '<Result ZqUnread="zq" ' : match,
  );
  writeFileSync(final, text.replace('<Competitor ', '<Competitor ZqNested="zq" '));
  const file = join(dir, 'sport.json');
  writeFileSync(file, JSON.stringify(sport, null, 2));
  return file;
}

const shared = JSON.parse(readFileSync(join(ROOT, 'sports/_shared/hidden.json'), 'utf8')) as SharedHiddenFile;

describe('sports:check and the values no layout reads', () => {
  it('warns with a pointer into the example, and the plugin stays valid', () => {
    const file = swimmingVariant();
    const { problems, warnings } = checkPlugins([file], withWarnings);
    expect(problems).toEqual([]);
    const mine = warnings.filter((w) => w.message.endsWith(': ZqUnread'));
    expect(mine).toEqual([
      {
        file: expect.stringMatching(/SWM\/examples\/DT_RESULT\.final\.xml$/),
        pointer: '/Competition/Result[2]/@ZqUnread',
        message: `${MORE_WARNING}: ZqUnread`,
      },
    ]);
  });

  it('does not warn about a value a shared mark hides (a competitor Type)', () => {
    expect(shared.hidden.map((m) => m.code)).toContain('Competitor.Type');
    const { warnings } = checkPlugins([swimmingVariant()], withWarnings);
    expect(warnings.filter((w) => w.pointer.endsWith('/Competitor/@Type'))).toEqual([]);
  });

  it.each([
    ['without a reason', { code: 'Zq' }, '/hidden/0', /missing required key "reason"/],
    ['with a reason too short to say why', { code: 'Zq', reason: 'ordering' }, '/hidden/0/reason', /fewer than 10/],
  ])('refuses a hidden mark %s', (_name, mark, pointer, message) => {
    const { problems } = checkPlugins([swimmingVariant((s) => void (s.hidden = [mark]))]);
    expect(problems.filter((p) => p.pointer === pointer).map((p) => p.message)).toContainEqual(
      expect.stringMatching(message),
    );
  });

  it('accepts a mark of one element`s attribute (Element.Attribute) with its reason', () => {
    const mark = { code: 'Competitor.ZqNested', reason: 'a test attribute of competitors only' };
    expect(
      checkPlugins([swimmingVariant()], withWarnings).warnings.filter((w) =>
        w.message.endsWith(': Competitor.ZqNested'),
      ),
    ).toHaveLength(1);
    const { problems, warnings } = checkPlugins([swimmingVariant((s) => void (s.hidden = [mark]))], withWarnings);
    expect(problems).toEqual([]);
    expect(warnings.filter((w) => w.message.endsWith(': Competitor.ZqNested'))).toEqual([]);
    expect(warnings.filter((w) => w.message.endsWith(': ZqUnread'))).toHaveLength(1);
  });
});

describe('the shared hidden marks', () => {
  it('are merged into every resolved sport under its own', async () => {
    const swimming = (await sportLoaders.SWM()).default;
    for (const mark of shared.hidden) expect(swimming.hidden).toContainEqual({ code: mark.code });
    const config = JSON.parse(readFileSync(join(ROOT, 'sports/SWM/sport.json'), 'utf8'));
    const own = { code: 'SortOrder', reason: 'the sport says it its own way' };
    const resolved = resolveSport({ ...config, hidden: [own] }, new Map(), swimming.labels, shared.hidden);
    expect(resolved.hidden?.filter((m) => m.code === 'SortOrder')).toEqual([own]);
  });

  it("hide their values on a page projection; their reasons are the report's, not in the pages' code", async () => {
    const sport = (await sportLoaders.SWM()).default;
    const xml = readFileSync(join(ROOT, 'sports/SWM/examples/DT_RESULT.final.xml'), 'utf8');
    const document = parseXml(xml).element;
    const readers = layoutsReading(sport.layouts.tabs, 'DT_RESULT');
    const context = { sport, locale: 'en_US' as const };
    const typeMark = shared.hidden.find((m) => m.code === 'Competitor.Type')!;
    const types = classifyValues(readers, document, context).filter((c) => c.value.signature === 'Competitor.Type');
    expect(types.length).toBeGreaterThan(0);
    for (const c of types) expect(c).toMatchObject({ status: 'hidden', mark: 'Competitor.Type' });
    expect(hiddenReason('SWM', 'Competitor.Type')).toBe(typeMark.reason);
    // What a page loads: the marks' codes (22 KB of editors' prose stays on the server).
    expect(sport.hidden?.every((mark) => Object.keys(mark).join() === 'code')).toBe(true);
    // Without the shared marks the same page shows the competitor's Type under More.
    const bare = { ...sport, hidden: [] };
    const coverage = feedCoverage(sport.layouts.tabs.result!, readers, document, { ...context, sport: bare });
    const withMarks = feedCoverage(sport.layouts.tabs.result!, readers, document, context);
    const labels = (c: typeof coverage) => [...c.rows.values()].flat().map(([label]) => label);
    expect(labels(coverage)).toContain('Type');
    expect(labels(withMarks)).not.toContain('Type');
  });
});
