import { DataTable } from '../../components/DataTable';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { RouteTabs } from '../../components/RouteTabs';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useLocale } from '../../app/locale';
import { CalendarLink } from '../../components/CalendarLink';
import { codeLookup, disciplineTree } from '../../data/codes';
import { sourceFor } from '../../data/source';
import { ReportList } from '../../components/ReportList';
import { describeReports } from '../../data/reportList';
import { pickText, type DataText } from '../../i18n/locale';
import { isSportCode, loadSection, loadSport, sectionLabel } from '../../data/sections';
import { WidgetPanel } from '../../widgets/registry';
import type { WidgetSection } from '../../widgets/section';
import { loaderLocale } from '../schedule/data';

export const DISCIPLINE_TABS = [
  'profile',
  'schedule',
  'entry',
  'ranking',
  'medallist',
  'record',
  'history',
  'report',
] as const;
type Tab = (typeof DISCIPLINE_TABS)[number];

const rsc = (code: string) => code.padEnd(34, '-');

/** A sport's page: one tab of profile, schedule, entries, ranking, medallists, records, history and reports. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const code = params.code ?? '';
  if (!/^[A-Z0-9]{3}$/.test(code)) throw new Response('Not Found', { status: 404 });
  const tab = (DISCIPLINE_TABS as readonly string[]).includes(params.tab ?? '') ? (params.tab as Tab) : 'schedule';
  const data = sourceFor(context, request);
  const [tree, organisations, schedule, medallists, reports] = await Promise.all([
    disciplineTree(data),
    codeLookup(data, 'organisation'),
    tab === 'schedule' ? data.document('SCHEDULE_DISCIPLINE', rsc(code)) : undefined,
    tab === 'medallist' || tab === 'ranking' ? data.document('MEDALLISTS', 'ALL') : undefined,
    tab === 'report' ? data.document('REPORT_LIST', rsc(code)) : undefined,
  ]);
  const broken =
    tab === 'record'
      ? ((await data.document('RECORDS', 'ALL'))?.records ?? []).filter((r) => r.discipline === code)
      : [];
  const sport = tree.find((item) => item.Discipline === code);
  if (!sport) throw new Response('Not Found', { status: 404 });
  const held = tab === 'record' ? await recordsHeld(code, data, loaderLocale(request)) : undefined;
  const reportEntries = await describeReports(
    data,
    (reports?.reports ?? []).filter((r) => r.docType !== 'C51').slice(0, 300),
    { tree },
  );
  const own = (medallists?.medallists ?? []).filter((m) => m.discipline === code);
  const ranking = new Map<string, { organisation: string; gold: number; silver: number; bronze: number }>();
  for (const m of own) {
    const org = m.competitor.organisation ?? '';
    const row = ranking.get(org) ?? { organisation: org, gold: 0, silver: 0, bronze: 0 };
    row[m.medal.toLowerCase() as 'gold' | 'silver' | 'bronze'] += 1;
    ranking.set(org, row);
  }
  return {
    code,
    tab,
    name: { ENG: sport.ENG_Description, CHI: sport.CHI_Description, CHT: sport.CHT_Description } as DataText,
    events: sport.Events.map((e) => ({
      code: e.EventFullRsc,
      name: { ENG: e.ENG_EventName, CHI: e.CHI_EventName, CHT: e.CHT_EventName } as DataText,
    })),
    units: (schedule?.units ?? []).slice(0, 300),
    medallists: own,
    ranking: [...ranking.values()].sort((a, b) => b.gold - a.gold || b.silver - a.silver || b.bronze - a.bronze),
    reports: reportEntries,
    records: broken,
    ...(held ? { held } : {}),
    organisations,
  };
}

/** The records standing before the games (DT_RECORD), drawn by the sport plugin's record layout. */
async function recordsHeld(
  code: string,
  data: ReturnType<typeof sourceFor>,
  locale: ReturnType<typeof loaderLocale>,
): Promise<WidgetSection | undefined> {
  if (!isSportCode(code)) return undefined;
  const { sport } = await loadSport(code);
  const layout = sport?.layouts.pages.record;
  if (!sport || !layout) return undefined;
  return loadSection(data, sport, locale, {
    id: 'record',
    label: sectionLabel(sport, locale, 'page', 'record'),
    layout,
    code: rsc(code),
    scope: 'event',
  });
}

const TAB_MESSAGES: Record<Tab, string> = {
  profile: 'delegation.profile',
  schedule: 'nav.schedule',
  entry: 'delegation.entry',
  ranking: 'discipline.ranking',
  medallist: 'delegation.medalists',
  record: 'nav.record',
  history: 'discipline.history',
  report: 'nav.report',
};

export function Component() {
  const { code, tab, name, events, units, medallists, ranking, reports, records, held, organisations } =
    useLoaderData<typeof loader>();
  const locale = useLocale();
  const intl = useIntl();
  const org = (id: string | undefined) => pickText(organisations[id ?? ''], locale) || id || '';
  const empty = (
    <p className="empty">
      <FormattedMessage id="common.noData" />
    </p>
  );
  return (
    <section aria-labelledby="discipline-name">
      <h1 id="discipline-name">
        {pickText(name, locale)} <small>{code}</small>
      </h1>
      <RouteTabs
        label={intl.formatMessage({ id: 'common.tabs' })}
        current={tab}
        tabs={DISCIPLINE_TABS.map((t) => ({
          id: t,
          to: `/discipline/${code}/${t}`,
          label: <FormattedMessage id={TAB_MESSAGES[t]} />,
        }))}
      >
        {tab === 'profile' || tab === 'entry' ? (
          <ul className="name-list">
            {events.map((e) => (
              <li key={e.code}>{pickText(e.name, locale)}</li>
            ))}
          </ul>
        ) : null}
        {tab === 'schedule' && units.length > 0 ? <CalendarLink kind="discipline" code={code} /> : null}
        {tab === 'schedule' ? (
          <DataTable
            rows={units}
            rowKey={(u) => u.code}
            columns={[
              { cell: (u) => (u.start ? `${u.start.slice(5, 10)} ${u.start.slice(11, 16)}` : '') },
              {
                cell: (u) => (
                  <>
                    <Link to={`/${u.code}`}>{pickText(u.name, locale)}</Link>
                    {u.medal ? <span className="medal-mark"> ●</span> : null}
                  </>
                ),
              },
            ]}
          />
        ) : null}
        {tab === 'ranking' ? (
          <DataTable
            rows={ranking}
            rowKey={(r) => r.organisation}
            className="medal-table"
            columns={[
              { rowHeader: true, cell: (r) => org(r.organisation) },
              { cell: (r) => r.gold },
              { cell: (r) => r.silver },
              { cell: (r) => r.bronze },
            ]}
          />
        ) : null}
        {tab === 'medallist' ? (
          <DataTable
            rows={medallists}
            rowKey={(_, i) => i}
            columns={[
              { cell: (m) => <FormattedMessage id={`medal.${m.medal.toLowerCase()}`} /> },
              { cell: (m) => pickText(m.competitor.name, locale) },
              { cell: (m) => org(m.competitor.organisation) },
            ]}
          />
        ) : null}
        {tab === 'report' ? reports.length === 0 ? empty : <ReportList entries={reports} /> : null}
        {tab === 'record' && held ? (
          <section aria-labelledby="records-held">
            <h2 id="records-held">
              <FormattedMessage id="discipline.recordsHeld" />
            </h2>
            <WidgetPanel section={held} />
            <h2>
              <FormattedMessage id="discipline.recordsBroken" />
            </h2>
          </section>
        ) : null}
        {tab === 'record' ? (
          <DataTable
            rows={records}
            rowKey={(_, i) => i}
            columns={[
              { cell: (r) => r.record },
              { cell: (r) => r.result },
              { cell: (r) => pickText(r.competitor.name, locale) },
              { cell: (r) => org(r.organisation) },
              { cell: (r) => <Link to={`/${r.unit}`}>{r.unit.replace(/-+$/, '')}</Link> },
            ]}
          />
        ) : null}
        {/* The feed carries no earlier games, so history has nothing to show yet. */}
        {tab === 'history' ? empty : null}
      </RouteTabs>
    </section>
  );
}
