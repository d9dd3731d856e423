import type { LoaderFunctionArgs } from 'react-router';
import { disciplineOf, eventOf, RSC_PATTERN } from '../../../core/rsc';
import { accessorFor } from '../../../core/valuePath';
import type { UnitTabId } from '../../../core/sports/vocabulary';
import { codeLookup } from '../../data/codes';
import { isSportCode, loadSection, loadSport, sectionLabel } from '../../data/sections';
import { sourceFor, untypedDocument, type DataSource } from '../../data/source';
import type { ResolvedSport } from '../../../core/sports/types';
import type { LocaleId } from '../../../core/sports/vocabulary';
import { liveOf, mayBeLive } from '../../widgets/scoreboard/live';
import type { DataText } from '../../i18n/locale';
import { phaseName } from '../../../core/phases';
import { pickText } from '../../i18n/locale';
import type { WidgetSection } from '../../widgets/section';
import { disciplineTree } from '../../data/codes';
import { loaderLocale } from '../schedule/data';
import { rowFilterOf } from '../../../core/views/find';

export interface UnitHeader {
  code: string;
  sport: DataText;
  event?: DataText;
  unit?: DataText;
  phase?: DataText;
  venue?: DataText;
  start?: string;
  hideStartDate?: boolean;
  scheduleStatus?: string;
  scheduleStatusName?: DataText;
  resultStatus?: string;
  resultStatusName?: DataText;
  medal?: boolean;
}

export interface UnitData {
  header: UnitHeader;
  tabs: { id: string; label: string }[];
  tab?: string;
  section?: WidgetSection;
  /** A head-to-head unit's scoreboard (the sport's `layouts.scoreboard`), above the tabs. */
  scoreboard?: WidgetSection;
  pluginError?: string;
}

/** A unit's name as its page titles it (and its embed's frame, web/embed/control.ts). */
export const unitTitle = (header: UnitHeader, locale: LocaleId): string =>
  pickText(header.unit, locale) || pickText(header.event, locale) || header.code;

const notFound = () => new Response('Not Found', { status: 404 });

/**
 * The name of a discipline without a plugin as the feed gives it: the code tables' (from the feed),
 * else the result's `SportDescription/@DisciplineName`, else its code.
 */
function disciplineName(
  code: string,
  item: { ENG_Description?: string; CHI_Description?: string; CHT_Description?: string } | undefined,
  result: unknown,
): { zh_CN: string; zh_HK: string; en_US: string } {
  const described = accessorFor('Competition.ExtendedInfos.SportDescription.DisciplineName').text(result);
  const english = (item?.ENG_Description !== code ? item?.ENG_Description : undefined) ?? described ?? code;
  return { zh_CN: item?.CHI_Description ?? english, zh_HK: item?.CHT_Description ?? english, en_US: english };
}

/** Which tab opens when the link names none: results once there are any, else the first tab. */
export function defaultTab(tabs: readonly string[], resultStatus: string | undefined): string | undefined {
  const started = resultStatus !== undefined && resultStatus !== 'START_LIST';
  if (started && tabs.includes('result')) return 'result';
  return tabs[0];
}

/**
 * A unit page's data: the header (event, phase, unit, venue, start, statuses) from the schedule and
 * the unit's DT_RESULT, the tabs the sport's plugin declares, and the current tab's section.
 */
export async function unitLoader({ request, context, params }: LoaderFunctionArgs): Promise<UnitData> {
  const code = params.documentCode ?? '';
  const sportCode = code.slice(0, 3);
  // A discipline without a plugin still has its pages (the generic default layout), when the feed sent the unit.
  if (!RSC_PATTERN.test(code)) throw notFound();
  const data = sourceFor(context, request);
  const locale = loaderLocale(request);
  const url = new URL(request.url);
  const [schedule, tree, result, resultStatuses, scheduleStatuses, organisations] = await Promise.all([
    data.document('SCHEDULE_DISCIPLINE', disciplineOf(code)),
    disciplineTree(data),
    data.document<{ ResultStatus?: string }>('DT_RESULT', code).catch(() => undefined),
    codeLookup(data, 'resultstatus'),
    codeLookup(data, 'schedulestatus'),
    codeLookup(data, 'organisation'),
  ]);
  const unit = schedule?.units.find((u) => u.code === code);
  if (!unit && !result) throw notFound();
  const discipline = tree.find((d) => d.Discipline === sportCode);
  const plugin = await loadSport(sportCode, disciplineName(sportCode, discipline, result));
  const event = discipline?.Events.find((e) => e.EventFullRsc === eventOf(code));
  const resultStatus = result?.ResultStatus;
  // A unit the schedule does not list (a feed's own discipline) is named by its result's description.
  const sportDescription = accessorFor('Competition.ExtendedInfos.SportDescription');
  const described =
    accessorFor('SubEventName').text(sportDescription.all(result)[0]) ??
    accessorFor('EventName').text(sportDescription.all(result)[0]);
  const header: UnitHeader = {
    code,
    sport: isSportCode(sportCode)
      ? { ENG: discipline?.ENG_Description, CHI: discipline?.CHI_Description, CHT: discipline?.CHT_Description }
      : (({ en_US, zh_CN, zh_HK }) => ({ ENG: en_US, CHI: zh_CN, CHT: zh_HK }))(
          disciplineName(sportCode, discipline, result),
        ),
    ...(event ? { event: { ENG: event.ENG_EventName, CHI: event.CHI_EventName, CHT: event.CHT_EventName } } : {}),
    ...(unit ? { unit: unit.name } : described ? { unit: { ENG: described } } : {}),
    ...(phaseName(code) ? { phase: phaseName(code)! } : {}),
    ...(unit?.venueName ? { venue: unit.venueName } : {}),
    ...(unit?.start ? { start: unit.start } : {}),
    ...(unit?.hideStartDate ? { hideStartDate: true } : {}),
    ...(unit?.status ? { scheduleStatus: unit.status } : {}),
    ...(unit?.status && scheduleStatuses[unit.status] ? { scheduleStatusName: scheduleStatuses[unit.status] } : {}),
    ...(resultStatus ? { resultStatus } : {}),
    ...(resultStatus && resultStatuses[resultStatus] ? { resultStatusName: resultStatuses[resultStatus] } : {}),
    ...(unit?.medal ? { medal: true } : {}),
  };
  const { sport, error } = plugin;
  if (!sport) return { header, tabs: [], ...(error ? { pluginError: error } : {}) };
  const tabs = sport.unitTabs.map((id) => ({ id, label: sectionLabel(sport, locale, 'tab', id) }));
  const asked = url.searchParams.get('tab') ?? '';
  const tab = (sport.unitTabs as readonly string[]).includes(asked) ? asked : defaultTab(sport.unitTabs, resultStatus);
  const layout = tab ? sport.layouts.tabs[tab as UnitTabId] : undefined;
  const names: Record<string, string> = {};
  for (const [id, text] of Object.entries(organisations)) names[id] = pickText(text, locale);
  const section =
    tab && layout
      ? await loadSection(
          data,
          sport,
          locale,
          {
            id: tab,
            label: sectionLabel(sport, locale, 'tab', tab),
            layout,
            code,
            scope: 'unit',
            ...(unit?.medal ? { medalUnit: true } : {}),
            ...(result ? { known: { type: 'DT_RESULT', code, body: result } } : {}),
            rowFilter: rowFilterOf(url.searchParams),
          },
          names,
        )
      : undefined;
  const scoreboard = result ? await loadScoreboard(data, sport, locale, code, result, names) : undefined;
  return {
    header,
    tabs,
    ...(tab ? { tab } : {}),
    ...(section ? { section } : {}),
    ...(scoreboard ? { scoreboard } : {}),
  };
}

/**
 * The scoreboard of a unit whose sport declares one: its result through the scoreboard layout, and
 * while the unit is played the period and clock of its live document (DT_CURRENT). A unit with
 * other than two sides, or a failed read, has none: the tabs still show everything.
 */
async function loadScoreboard(
  data: DataSource,
  sport: ResolvedSport,
  locale: LocaleId,
  code: string,
  result: unknown,
  names: Readonly<Record<string, string>>,
): Promise<WidgetSection | undefined> {
  const layout = sport.layouts.scoreboard;
  // Only a unit of two sides has a scoreboard: a ranking round of sixty is not projected for nothing.
  if (!layout || accessorFor(layout.rows ?? 'Competition.Result').all(result).length !== 2) return undefined;
  const [section, current] = await Promise.all([
    loadSection(
      data,
      sport,
      locale,
      {
        id: 'scoreboard',
        label: sectionLabel(sport, locale, 'tab', 'scoreboard'),
        layout,
        code,
        scope: 'unit',
        withoutMore: true,
        known: { type: 'DT_RESULT', code, body: result },
      },
      names,
    ),
    // A finished unit has no live state: its DT_CURRENT is not asked for (nor is a 404 for one that never came).
    layout.live?.document === 'DT_CURRENT'
      ? mayBeLive((result as { ResultStatus?: unknown }).ResultStatus)
        ? untypedDocument(data, 'DT_CURRENT', code).catch(() => undefined)
        : Promise.resolve(undefined)
      : Promise.resolve(result),
  ]);
  const view = section.view;
  if (view?.kind !== 'scoreboard' || view.sides.length !== 2) return undefined;
  const live = liveOf(layout, current, { sport, locale });
  const { more: _more, ...rest } = section;
  return { ...rest, view: { ...view, ...(live ? { live } : {}) } };
}
