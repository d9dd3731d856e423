import { rowFilterOf, type RowFilter } from '../../../core/views/find';
import type { ScheduleUnit } from '../../../../schemas/api';
import type { LoaderFunctionArgs } from 'react-router';
import { phaseTitle } from '../../../core/phases';
import { codeAtLevel, disciplineOf, DOCUMENT_LEVELS, eventOf, phaseOf } from '../../../core/rsc';
import type { Layout, ResolvedSport } from '../../../core/sports/types';
import { ID_PATTERN, type LocaleId } from '../../../core/sports/vocabulary';
import { isSportCode, loadSection, loadSport, sectionLabel } from '../../data/sections';
import { sourceFor, type DataSource } from '../../data/source';
import { pickText } from '../../i18n/locale';
import { disciplineTree } from '../../data/codes';
import type { WidgetSection } from '../../widgets/section';
import { loaderLocale } from '../schedule/data';

export interface SportPageData {
  sport: { code: string; name: string };
  page: string;
  title: string;
  takesEvent: boolean;
  events: { code: string; name: string }[];
  event?: string;
  sections: WidgetSection[];
  pluginError?: string;
  menu: { page: string; label: string }[];
}

const notFound = () => new Response('Not Found', { status: 404 });
/** Events tried for a page opened without `?event=`, looking for one with data. */
const DEFAULT_EVENT_TRIES = 40;

/** A page id as plugins write them (the core's or a sport's own), checked before the plugin loads. */
const PAGE_ID = new RegExp(ID_PATTERN);

/** The documents a page shows for one event: one, or one per phase (pools, phase results). */
function documentCodes(layout: Layout, event: string, units: readonly ScheduleUnit[]): string[] {
  const level = DOCUMENT_LEVELS[layout.document] ?? 'unit';
  if (layout.document === 'REPORT_LIST' || level === 'discipline' || level === 'unit') return [disciplineOf(event)];
  if (level === 'event') return [codeAtLevel(event, 'event')];
  const phases = new Set(units.filter((u) => eventOf(u.code) === event).map((u) => phaseOf(u.code)));
  return [...phases];
}

async function sectionsFor(
  data: DataSource,
  sport: ResolvedSport,
  locale: LocaleId,
  page: string,
  layout: Layout,
  event: { code: string; name: string },
  units: readonly ScheduleUnit[],
  many: boolean,
  rowFilter: RowFilter,
): Promise<WidgetSection[]> {
  const codes = documentCodes(layout, event.code, units);
  const label = sectionLabel(sport, locale, 'page', page);
  const sections = await Promise.all(
    codes.map((documentCode, index) => {
      // A phase the names do not know is numbered ("Round 2"), never shown by its code.
      const phase = pickText(phaseTitle(documentCode.slice(22, 26), index + 1), locale);
      const suffix = codes.length > 1 ? ` · ${phase}` : '';
      return loadSection(data, sport, locale, {
        id: `${page}-${documentCode}`,
        label: `${many ? `${event.name} · ` : ''}${label}${suffix}`,
        layout,
        code: event.code,
        scope: 'event',
        documentCode,
        rowFilter,
      });
    }),
  );
  return sections.filter((s) => s.view || s.reports || s.error);
}

/**
 * A sport-level page (`/{code}/{page}`): the plugin's layout for the page applied to the event's
 * documents (`?event=`), or to every event for a page that takes none.
 */
export async function sportPageLoader({ request, context, params }: LoaderFunctionArgs): Promise<SportPageData> {
  const code = params.sport ?? '';
  const page = params.page ?? '';
  if (!isSportCode(code) || !PAGE_ID.test(page)) throw notFound();
  const data = sourceFor(context, request);
  const locale = loaderLocale(request);
  const rowFilter = rowFilterOf(new URL(request.url).searchParams);
  const [plugin, tree, schedule] = await Promise.all([
    loadSport(code),
    disciplineTree(data),
    data.document('SCHEDULE_DISCIPLINE', disciplineOf(code)),
  ]);
  const discipline = tree.find((d) => d.Discipline === code);
  const sportName =
    pickText(
      { ENG: discipline?.ENG_Description, CHI: discipline?.CHI_Description, CHT: discipline?.CHT_Description },
      locale,
    ) || code;
  const events = (discipline?.Events ?? []).map((e) => ({
    code: e.EventFullRsc,
    name: pickText({ ENG: e.ENG_EventName, CHI: e.CHI_EventName, CHT: e.CHT_EventName }, locale) || e.EventFullRsc,
  }));
  const base = { sport: { code, name: sportName }, page, events, menu: [] as SportPageData['menu'] };
  const { sport, error } = plugin;
  if (!sport)
    return { ...base, title: page, takesEvent: false, sections: [], ...(error ? { pluginError: error } : {}) };
  // Own properties only: a page id such as "constructor" is a page no sport has, not a prototype's.
  if (!Object.hasOwn(sport.pages, page) || !Object.hasOwn(sport.layouts.pages, page)) throw notFound();
  const options = sport.pages[page]!;
  const layout = sport.layouts.pages[page]!;
  const menu = Object.entries(sport.menu).map(([, entry]) => ({
    page: entry.page,
    label: sport.labels[locale]?.[entry.label] ?? entry.label,
  }));
  const title = sectionLabel(sport, locale, 'page', page);
  const units = schedule?.units ?? [];
  const common = { ...base, menu, title, takesEvent: options.event };
  const level = DOCUMENT_LEVELS[layout.document] ?? 'unit';
  const perEvent = level === 'event' || level === 'phase';
  if (!perEvent) {
    const sections = await sectionsFor(
      data,
      sport,
      locale,
      page,
      layout,
      { code: disciplineOf(code), name: sportName },
      units,
      false,
      rowFilter,
    );
    return { ...common, sections };
  }
  if (!options.event) {
    const all = await Promise.all(
      events.map((e) => sectionsFor(data, sport, locale, page, layout, e, units, true, rowFilter)),
    );
    return { ...common, sections: all.flat() };
  }
  const asked = new URL(request.url).searchParams.get('event');
  const chosen = events.find((e) => e.code === asked);
  if (chosen) {
    const sections = await sectionsFor(data, sport, locale, page, layout, chosen, units, false, rowFilter);
    return { ...common, event: chosen.code, sections };
  }
  for (const candidate of events.slice(0, DEFAULT_EVENT_TRIES)) {
    const sections = await sectionsFor(data, sport, locale, page, layout, candidate, units, false, rowFilter);
    if (sections.length > 0) return { ...common, event: candidate.code, sections };
  }
  return { ...common, ...(events[0] ? { event: events[0].code } : {}), sections: [] };
}
