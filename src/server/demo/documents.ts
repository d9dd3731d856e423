import type { Layout, ResolvedSport } from '../../core/sports/types';
import type { OdfElement } from '../odf/normalise';
import { competitorElement, ensureRows } from './elements';
import { fillDetails, fillRow, layoutsFor, type RowContext } from './fill';
import type { DemoCompetitor, DemoEvent, DemoUnit } from './model';
import { RESULT_CHILDREN, setChild } from './order';
import type { Random } from './random';
import { qualificationMarkOf, rowsDocument, shareScores, writePeriods, type RowPlan } from './fromTemplates';
import { children, templateOf, type Template } from './templates';

export const COMPETITION_CODE = 'NG2025';

/** The envelope of a message: type, code, version and (for results) the status. */
export function envelope(type: string, code: string, version: number, extra: Record<string, string> = {}): OdfElement {
  return {
    CompetitionCode: COMPETITION_CODE,
    DocumentCode: code,
    DocumentType: type,
    Version: String(version),
    FeedFlag: 'P',
    Date: '2025-11-17',
    Time: '153000000',
    LogicalDate: '2025-11-17',
    Source: 'PODIUMDEMO',
    ...extra,
  };
}

/** The versions of the ODF rules and code sets the games' messages follow (as the examples write them). */
const COMPETITION_VERSIONS = { Gen: `${COMPETITION_CODE}-GEN-1.0`, Codes: `${COMPETITION_CODE}-1.0` };

/** Every `Competition` of a message gets the versions ODF requires of it, where it lacks them. */
export function withVersions(body: OdfElement): OdfElement {
  const competitions = Array.isArray(body.Competition) ? body.Competition : [];
  body.Competition = competitions.map((c) => ({ ...COMPETITION_VERSIONS, ...c }));
  if (competitions.length === 0) delete body.Competition;
  return body;
}

/** A base mark for the event: what "time" cells are scaled from (seconds). */
export function baseMark(event: DemoEvent, speed = event.speed ?? 6.5): number {
  const metres = /(\d+)(K?M)/.exec(event.spec.id);
  const distance = metres
    ? Number(metres[1]) * (metres[2] === 'KM' ? 1000 : 1)
    : /HALF/.test(event.spec.id)
      ? 21_097
      : /MARATHON/.test(event.spec.id)
        ? 42_195
        : 0;
  if (!distance) return 60;
  return Math.max(9.5, Math.min(20_000, distance / speed));
}

function legendCodes(sport: ResolvedSport, key: string): string[] {
  return sport.legend.filter((e) => e.key === key && !e.ruleRegx && !e.field).map((e) => e.code);
}

/** Row contexts of a unit: a match's scores and periods, a race's places, marks on some rows. */
export function unitRows(
  sport: ResolvedSport,
  unit: DemoUnit,
  random: Random,
  qualifiers: Set<DemoCompetitor>,
): { competitor: DemoCompetitor; context: RowContext }[] {
  const results = unit.ranking.length > 0 && unit.resultStatus !== 'START_LIST';
  const order = results ? unit.ranking : unit.entrants;
  const irm = legendCodes(sport, 'IRM').find((c) => c === 'DNF' || c === 'DNS' || c === 'DSQ');
  const recordCodes = legendCodes(sport, 'RecordType');
  const record = ['GR', 'NR'].find((c) => recordCodes.includes(c)) ?? recordCodes[0];
  const withIrm = results && !unit.match && order.length >= 4 && random.next() < 0.3 ? irm : undefined;
  return order.map((competitor, index) => {
    const context: RowContext = { index, count: order.length, results, qualified: qualifiers.has(competitor) };
    const score = unit.scores?.[index];
    if (unit.match && results && score) {
      context.periods = score.periods;
      context.score = score.total;
      context.won = index === 0;
    }
    if (withIrm && index === order.length - 1) context.irm = withIrm;
    if (record && results && unit.medal && index === 0 && unit.resultStatus === 'OFFICIAL') context.record = record;
    return { competitor, context };
  });
}

/** Fills every layout of `document` into the body: result rows by competitor, other rows as found or made. */
export function fillLayouts(
  body: OdfElement,
  layouts: readonly Layout[],
  rows: { competitor: DemoCompetitor; context: RowContext }[],
  random: Random,
  base: number,
  extraRows: (layout: Layout, items: OdfElement[]) => void = () => {},
): void {
  const competition = ((body.Competition as OdfElement[] | undefined) ??= [{}])[0]!;
  const resultRows = rows.map(({ competitor, context }) => {
    const row: OdfElement = { Competitor: [competitorElement(competitor)] };
    if (context.irm) row.IRM = context.irm;
    if (context.record) {
      const indicator = { Order: '1', Code: context.record, RecordType: context.record };
      setChild(row, 'RecordIndicators', [{ RecordIndicator: [indicator] }], RESULT_CHILDREN);
    }
    return { row, context };
  });
  competition.Result = resultRows.map((r) => r.row);
  for (const layout of layouts) {
    const columns = layout.columns ?? [];
    if (layout.rows === 'Competition.Result' || !layout.rows) {
      for (const { row, context } of resultRows) {
        fillRow(row, columns, context, random, base);
        fillDetails(row, layout, context, random, base);
      }
      continue;
    }
    const items = ensureRows(body, layout.rows, Math.max(4, Math.min(12, rows.length * 2)));
    extraRows(layout, items);
    items.forEach((item, index) => {
      const context: RowContext = {
        index,
        count: items.length,
        results: rows[0]?.context.results ?? true,
        qualified: false,
      };
      fillRow(item, columns, context, random, base);
      fillDetails(item, layout, context, random, base);
    });
  }
}

/** A unit's DT_RESULT written like the sport's example of its kind (see templates.ts). */
function templateResult(
  template: Template,
  sport: ResolvedSport,
  event: DemoEvent,
  unit: DemoUnit,
  version: number,
  random: Random,
  qualifiers: Set<DemoCompetitor>,
  qualification: string | undefined,
): OdfElement {
  const head = envelope('DT_RESULT', unit.code, version, { ResultStatus: unit.resultStatus ?? 'START_LIST' });
  const results = unit.ranking.length > 0 && unit.resultStatus !== 'START_LIST';
  const order = results ? unit.ranking : unit.entrants;
  // A medal unit of several always has a non-finisher (as most finals do), others now and then.
  const withIrm = results && !unit.match && order.length >= 4 && (unit.medal || random.next() < 0.3);
  const plan: RowPlan[] = order.map((competitor, index) => {
    const score = unit.match && results ? unit.scores?.[index] : undefined;
    return {
      competitor,
      startOrder: unit.entrants.indexOf(competitor) + 1,
      ...((withIrm || (unit.walkover && results)) && index === order.length - 1 ? { irm: true } : {}),
      ...(qualifiers.has(competitor) ? { qualified: true } : {}),
      ...(results && unit.medal && index === 0 && unit.resultStatus === 'OFFICIAL' ? { record: true } : {}),
      ...(score ? { score: score.total, won: index === 0 } : {}),
    };
  });
  const body = rowsDocument(template, head, plan, {
    results,
    final: unit.medal || unit.phase === 'FNL',
    races: event.speed !== undefined,
    ...(qualification ? { qualification } : {}),
  });
  const competition = (body.Competition as OdfElement[])[0]!;
  const infos = (competition.ExtendedInfos as OdfElement[] | undefined)?.[0];
  const when = (infos?.UnitDateTime as OdfElement[] | undefined)?.[0];
  if (when) {
    when.StartDate = unit.start;
    if (when.EndDate !== undefined) when.EndDate = unit.end;
  }
  const described = (infos?.SportDescription as OdfElement[] | undefined)?.[0];
  if (described) {
    described.DisciplineName = sport.name.en_US;
    described.EventName = event.spec.name.en_US;
    described.Gender = event.spec.gender;
  }
  if (results && unit.match && event.scorerStat) {
    const rows = children(competition, 'Result');
    plan.forEach((p, i) => {
      if (p.score !== undefined && rows[i]) shareScores(rows[i], event.scorerStat!, p.score, random);
    });
  }
  if (results && unit.match) writePeriods(body, unit);
  else delete competition.Periods;
  return body;
}

export function resultDocument(
  sport: ResolvedSport,
  event: DemoEvent,
  unit: DemoUnit,
  version: number,
  random: Random,
  qualifiers: Set<DemoCompetitor>,
  templates: readonly Template[] = [],
): OdfElement {
  const template = templateOf(templates, 'DT_RESULT', {
    ...(event.spec.example ? { example: event.spec.example } : {}),
    event: event.rsc,
    match: unit.match,
    ...(unit.walkover && unit.ranking.length === 2 ? { walkover: true } : {}),
  });
  if (template)
    return templateResult(
      template,
      sport,
      event,
      unit,
      version,
      random,
      qualifiers,
      qualificationMarkOf(templates, 'DT_RESULT'),
    );
  const body = envelope('DT_RESULT', unit.code, version, { ResultStatus: unit.resultStatus ?? 'START_LIST' });
  body.Competition = [
    {
      ExtendedInfos: [
        {
          UnitDateTime: [{ StartDate: unit.start, EndDate: unit.end }],
          SportDescription: [
            { DisciplineName: sport.name.en_US, EventName: event.spec.name.en_US, Gender: event.spec.gender },
          ],
        },
      ],
    },
  ];
  fillLayouts(body, layoutsFor(sport, 'DT_RESULT'), unitRows(sport, unit, random, qualifiers), random, baseMark(event));
  return body;
}

/** A ranking document (phase or cumulative results, a sport's statistics): rows in the order given. */
export function rankingDocument(
  sport: ResolvedSport,
  type: string,
  code: string,
  event: DemoEvent,
  ranking: DemoCompetitor[],
  random: Random,
  final: boolean,
  templates: readonly Template[] = [],
  official = final,
): OdfElement {
  const template = templateOf(templates, type, { event: event.rsc });
  if (template) {
    const head = envelope(type, code, 1, { ResultStatus: official ? 'OFFICIAL' : 'INTERMEDIATE' });
    // The slowest of a field of several did not finish (as in its unit); the winner of a final sets a record.
    const plan = ranking.map((competitor, index) => ({
      competitor,
      startOrder: index + 1,
      qualified: !final && index < 8,
      ...(ranking.length >= 4 && index === ranking.length - 1 ? { irm: true } : {}),
      ...(final && index === 0 ? { record: true } : {}),
    }));
    const qualification = qualificationMarkOf(templates, type);
    return rowsDocument(template, head, plan, {
      results: true,
      final,
      races: event.speed !== undefined,
      ...(qualification ? { qualification } : {}),
    });
  }
  const body = envelope(type, code, 1, { ResultStatus: official ? 'OFFICIAL' : 'INTERMEDIATE' });
  const rows = ranking.map((competitor, index) => ({
    competitor,
    context: { index, count: ranking.length, results: true, qualified: !final && index < 8 } as RowContext,
  }));
  fillLayouts(body, layoutsFor(sport, type), rows, random, baseMark(event));
  return body;
}
