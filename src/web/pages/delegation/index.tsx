import { DataTable } from '../../components/DataTable';
import { delegationProfile } from '../../data/delegations';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { RouteTabs } from '../../components/RouteTabs';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { displayName } from '../../../core/names';
import { useLocale } from '../../app/locale';
import { CalendarLink } from '../../components/CalendarLink';
import { FollowButton } from '../../follow/FollowButton';
import { codeLookup, type CodeLookup } from '../../data/codes';
import { sourceFor } from '../../data/source';
import { pickText } from '../../i18n/locale';

export const DELEGATION_TABS = ['profile', 'schedule', 'entry', 'competitor', 'medalists'] as const;
type Tab = (typeof DELEGATION_TABS)[number];

const TAB_MESSAGES: Record<Tab, string> = {
  profile: 'delegation.profile',
  schedule: 'nav.schedule',
  entry: 'delegation.entry',
  competitor: 'nav.competitor',
  medalists: 'delegation.medalists',
};

/** A delegation's page: one tab of profile, schedule, entries, competitors and medallists. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const code = (params.code ?? '').toUpperCase();
  const tab = (DELEGATION_TABS as readonly string[]).includes(params.tab ?? '') ? (params.tab as Tab) : 'schedule';
  const data = sourceFor(context, request);
  const [profile, disciplines, schedule, participants] = await Promise.all([
    delegationProfile(data, code),
    codeLookup(data, 'discipline'),
    tab === 'schedule' ? data.document('SCHEDULE_DELEGATION', code) : undefined,
    tab === 'competitor' || tab === 'entry' ? data.document('PARTICIPANTS', code) : undefined,
  ]);
  if (!profile) throw new Response('Not Found', { status: 404 });
  // The schedule is shown a day at a time: a delegation takes part in hundreds of units.
  const all = schedule?.units ?? [];
  const days = [...new Set(all.map((u) => u.start?.slice(0, 10) ?? ''))].filter(Boolean).sort();
  const asked = new URL(request.url).searchParams.get('date') ?? '';
  const day = days.includes(asked) ? asked : days[0];
  const units = all.filter((u) => u.start?.startsWith(day ?? '-'));
  return { code, tab, profile, disciplines, units, days, day, participants };
}

export function Component() {
  const { code, tab, profile, disciplines, units, days, day, participants } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const intl = useIntl();
  const sport = (id: string) => pickText((disciplines as CodeLookup)[id], locale) || id;
  return (
    <section aria-labelledby="delegation-name">
      <h1 id="delegation-name">
        {pickText(profile.name, locale)} <small>{code}</small>
      </h1>
      <FollowButton kind="delegations" code={code} />
      <p className="medal-line">
        <FormattedMessage id="medal.gold" /> {profile.medals.gold} · <FormattedMessage id="medal.silver" />{' '}
        {profile.medals.silver} · <FormattedMessage id="medal.bronze" /> {profile.medals.bronze}
      </p>
      <RouteTabs
        label={intl.formatMessage({ id: 'common.tabs' })}
        current={tab}
        tabs={DELEGATION_TABS.map((t) => ({
          id: t,
          to: `/delegation/${code}/${t}`,
          label: <FormattedMessage id={TAB_MESSAGES[t]} />,
        }))}
      >
        {tab === 'profile' ? (
          <DataTable
            rows={profile.disciplines}
            rowKey={(d) => d.discipline}
            columns={[
              { header: 'schedule.discipline', rowHeader: true, cell: (d) => sport(d.discipline) },
              { header: 'delegation.men', cell: (d) => d.men },
              { header: 'delegation.women', cell: (d) => d.women },
              { header: 'delegation.teams', cell: (d) => d.teams },
            ]}
          />
        ) : null}
        {tab === 'schedule' && days.length > 0 ? <CalendarLink kind="delegation" code={code} /> : null}
        {tab === 'schedule' && days.length > 0 ? (
          <nav className="day-strip" aria-label="days">
            {days.map((d) => (
              <Link key={d} to={`?date=${d}`} aria-current={d === day ? 'page' : undefined}>
                {d.slice(5)}
              </Link>
            ))}
          </nav>
        ) : null}
        {tab === 'schedule' ? (
          <DataTable
            rows={units}
            rowKey={(u) => u.code}
            columns={[
              { cell: (u) => (u.start ? `${u.start.slice(5, 10)} ${u.start.slice(11, 16)}` : '') },
              {
                cell: (u) => (
                  <>
                    <span className="discipline">{sport(u.discipline)}</span>{' '}
                    <Link to={`/${u.code}`}>{pickText(u.name, locale)}</Link>
                  </>
                ),
              },
            ]}
          />
        ) : null}
        {tab === 'competitor' || tab === 'entry' ? (
          <ul className="name-list">
            {[...(participants?.athletes ?? []), ...(tab === 'entry' ? (participants?.teams ?? []) : [])]
              .slice(0, 400)
              .map((a, i) => (
                <li key={a.code ?? i}>
                  {locale === 'en_US' && a.name.ENG
                    ? displayName({
                        family: a.name.ENG.split(' ').pop(),
                        given: a.name.ENG.split(' ').slice(0, -1).join(' '),
                      })
                    : pickText(a.name, locale)}{' '}
                  <small>{a.disciplines.map(sport).join(' · ')}</small>
                </li>
              ))}
          </ul>
        ) : null}
        {tab === 'medalists' ? (
          <DataTable
            rows={profile.medallists}
            rowKey={(_, i) => i}
            columns={[
              { cell: (m) => <FormattedMessage id={`medal.${m.medal.toLowerCase()}`} /> },
              { cell: (m) => sport(m.discipline) },
              { cell: (m) => pickText(m.competitor.name, locale) },
            ]}
          />
        ) : null}
      </RouteTabs>
    </section>
  );
}
