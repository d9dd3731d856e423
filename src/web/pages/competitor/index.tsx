import type { ReactNode } from 'react';
import { FollowButton } from '../../follow/FollowButton';
import { FormattedMessage } from '../../i18n/intl';
import { data as routeData, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { competitorBucket } from '../../../core/competitorBucket';
import { venueTime } from '../../../core/gamesTime';
import { own } from '../../../core/own';
import { disciplineOf } from '../../../core/rsc';
import type { AthleteProfile, CompetitorMedal, CompetitorResult, TeamProfile } from '../../../../schemas/api';
import { useLocale } from '../../app/locale';
import { disciplineText, disciplineTree } from '../../data/codes';
import { codeLookup, type CodeLookup } from '../../data/codes';
import { sourceFor } from '../../data/source';
import { pickText, type DataText } from '../../i18n/locale';
import { GenderText } from '../../components/CompetitorParts';
import { personName, type PersonNames } from '../../data/competitors';

/** Competitor codes as feeds send them (digits for athletes, letters and digits for teams). */
const CODE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;

/** A result line with its unit's name and start, from the sport's schedule. */
interface ShownResult extends CompetitorResult {
  name?: DataText;
  start?: string;
}

interface CompetitorData {
  code: string;
  athlete?: AthleteProfile;
  team?: TeamProfile;
  results: ShownResult[];
  medals: CompetitorMedal[];
  /** Names of the sports, events and teams the page mentions (only those). */
  names: Record<string, DataText>;
  organisations: CodeLookup;
  statuses: CodeLookup;
}

/** Undated units last, then by start, then by code. */
const byStart = (a: ShownResult, b: ShownResult) => {
  const x = a.start ?? '9999';
  const y = b.start ?? '9999';
  return x < y ? -1 : x > y ? 1 : a.unit < b.unit ? -1 : a.unit > b.unit ? 1 : 0;
};

/**
 * One athlete's or team's page (/competitor/{code}): profile, medals and results. The profile and
 * the results come from the two documents of the code's bucket; unit names from the schedules of
 * the sports it has results in.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs): Promise<CompetitorData> {
  const code = params.code ?? '';
  if (!CODE.test(code)) throw routeData(null, { status: 404 });
  const source = sourceFor(context, request);
  const bucket = competitorBucket(code);
  const [profiles, results, tree, organisations, statuses] = await Promise.all([
    source.document('COMPETITOR_PROFILES', bucket),
    source.document('COMPETITOR_RESULTS', bucket),
    disciplineTree(source),
    codeLookup(source, 'organisation'),
    codeLookup(source, 'resultstatus'),
  ]);
  // The code comes from the URL: only the buckets' own entries count.
  const athlete = own(profiles?.athletes, code);
  const team = athlete ? undefined : own(profiles?.teams, code);
  const profile = athlete ?? team;
  if (!profile) throw routeData(null, { status: 404 });
  const ownResults = own(results?.competitors, code) ?? { results: [], medals: [] };

  const schedules = await Promise.all(
    [...new Set(ownResults.results.map((r) => disciplineOf(r.unit)))].map((d) =>
      source.document('SCHEDULE_DISCIPLINE', d),
    ),
  );
  const units = new Map(schedules.flatMap((s) => s?.units ?? []).map((u) => [u.code, u]));
  const shown = ownResults.results
    .map((r): ShownResult => {
      const unit = units.get(r.unit);
      return { ...r, ...(unit ? { name: unit.name, ...(unit.start ? { start: unit.start } : {}) } : {}) };
    })
    .sort(byStart);

  const wanted = new Set<string>([
    ...profile.disciplines,
    ...profile.events,
    ...ownResults.medals.map((m) => m.event),
    ...ownResults.medals.map((m) => m.event.slice(0, 3)),
  ]);
  const names: Record<string, DataText> = {};
  for (const item of tree) {
    if (wanted.has(item.Discipline)) names[item.Discipline] = disciplineText(item);
    for (const event of item.Events) {
      if (wanted.has(event.EventFullRsc))
        names[event.EventFullRsc] = { ENG: event.ENG_EventName, CHI: event.CHI_EventName, CHT: event.CHT_EventName };
    }
  }
  for (const t of athlete?.teams ?? []) names[t.code] = t.name;
  return {
    code,
    ...(athlete ? { athlete } : {}),
    ...(team ? { team } : {}),
    results: shown,
    medals: ownResults.medals,
    names,
    organisations,
    statuses,
  };
}

function MemberList({ members }: { members: { code: string; names: PersonNames }[] }) {
  const locale = useLocale();
  return (
    <ul className="name-list">
      {members.map((m) => (
        <li key={m.code}>
          <Link to={`/competitor/${encodeURIComponent(m.code)}`}>{personName(m.names, locale) || m.code}</Link>
        </li>
      ))}
    </ul>
  );
}

/** The medals won, by the competitor or with a team. */
function MedalTable({
  medals,
  text,
  teamLink,
}: {
  medals: CompetitorMedal[];
  text: (code: string) => string;
  teamLink: (code: string) => ReactNode;
}) {
  return medals.length === 0 ? (
    <p className="empty">
      <FormattedMessage id="competitor.noMedals" />
    </p>
  ) : (
    <table className="data-table competitor-medals" aria-labelledby="competitor-medals">
      <thead>
        <tr>
          <th scope="col">
            <FormattedMessage id="competitor.medal" />
          </th>
          <th scope="col">
            <FormattedMessage id="competitor.event" />
          </th>
        </tr>
      </thead>
      <tbody>
        {medals.map((m) => (
          <tr key={`${m.event}/${m.medal}/${m.team ?? ''}`}>
            <th scope="row" className={`medal-${m.medal.toLowerCase()}`}>
              <FormattedMessage id={`medal.${m.medal.toLowerCase()}`} />
            </th>
            <td>
              <span className="discipline">{text(m.event.slice(0, 3))}</span> {text(m.event)}
              {m.team ? (
                <small>
                  {' '}
                  <FormattedMessage id="competitor.withTeam" values={{ team: teamLink(m.team) }} />
                </small>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Each unit the competitor is in, in schedule order, with rank, result and the result's status. */
/** The zone most of the units' times are written in (the caption says it once). */
function commonZone(starts: readonly (string | undefined)[]): string {
  const counts = new Map<string, number>();
  for (const start of starts) {
    const zone = venueTime(start)?.zone;
    if (zone) counts.set(zone, (counts.get(zone) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

/** A unit's date and venue time; its zone beside it when it is not the caption's. */
function WhenCell({ start, zone }: { start: string | undefined; zone: string }) {
  const when = venueTime(start);
  if (!when) return null;
  return (
    <time dateTime={start}>
      <span>{when.date.slice(5)}</span> <span>{when.time}</span>
      {when.zone && when.zone !== zone ? <small> {when.zone}</small> : null}
    </time>
  );
}

function ResultTable({
  results,
  statuses,
  teamLink,
}: {
  results: ShownResult[];
  statuses: CodeLookup;
  teamLink: (code: string) => ReactNode;
}) {
  const locale = useLocale();
  // Times are the venues' as the feed wrote them; the caption names the zone most of them share.
  const zone = commonZone(results.map((r) => r.start));
  return results.length === 0 ? (
    <p className="empty">
      <FormattedMessage id="competitor.noResults" />
    </p>
  ) : (
    <table className="data-table competitor-results" aria-labelledby="competitor-results">
      {zone ? (
        <caption>
          <FormattedMessage id="common.timeZone" values={{ zone }} />
        </caption>
      ) : null}
      <thead>
        <tr>
          <th scope="col">
            <FormattedMessage id="competitor.date" />
          </th>
          <th scope="col">
            <FormattedMessage id="competitor.unit" />
          </th>
          <th scope="col">
            <FormattedMessage id="competitor.rank" />
          </th>
          <th scope="col">
            <FormattedMessage id="competitor.result" />
          </th>
          <th scope="col" className="hide-narrow">
            <FormattedMessage id="competitor.status" />
          </th>
        </tr>
      </thead>
      <tbody>
        {results.map((r) => {
          const status = r.status ? pickText(statuses[r.status], locale) || r.status : '';
          return (
            <tr key={r.unit}>
              <td className="competitor-when">
                <WhenCell start={r.start} zone={zone} />
              </td>
              <th scope="row">
                <Link to={`/${r.unit}`}>{pickText(r.name, locale) || r.unit.replace(/-+$/, '')}</Link>
                {r.team ? (
                  <small>
                    {' '}
                    <FormattedMessage id="competitor.withTeam" values={{ team: teamLink(r.team) }} />
                  </small>
                ) : null}
              </th>
              <td>{r.rank ?? ''}</td>
              <td>
                {[r.result, r.wlt, r.irm].filter(Boolean).join(' ')}
                {r.qualification ? <small className="qualification"> {r.qualification}</small> : null}
                {/* On a phone the status column gives way; the status follows the result instead. */}
                {status ? <small className="competitor-status-inline"> {status}</small> : null}
              </td>
              <td className="hide-narrow">{status}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function Component() {
  const { code, athlete, team, results, medals, names, organisations, statuses } = useLoaderData() as CompetitorData;
  const locale = useLocale();
  const profile = (athlete ?? team)!;
  const text = (key: string) => pickText(names[key], locale) || key.replace(/-+$/, '');
  const teamLink = (teamCode: string) => (
    <Link to={`/competitor/${encodeURIComponent(teamCode)}`}>{text(teamCode)}</Link>
  );
  const title = athlete ? personName(athlete.names, locale) : pickText(team?.name, locale);
  return (
    <section aria-labelledby="competitor-name" className="competitor-detail">
      <h1 id="competitor-name">{title || code}</h1>
      {athlete ? <FollowButton kind="athletes" code={code} /> : null}
      <dl className="competitor-facts">
        <div>
          <dt>
            <FormattedMessage id="competitor.delegation" />
          </dt>
          <dd>
            {profile.organisation ? (
              <Link to={`/delegation/${profile.organisation}`}>
                {pickText(organisations[profile.organisation], locale) || profile.organisation}
              </Link>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="competitor.gender" />
          </dt>
          <dd>
            <GenderText gender={profile.gender} team={Boolean(team)} />
          </dd>
        </div>
        {athlete?.birthDate ? (
          <div>
            <dt>
              <FormattedMessage id="competitor.birthDate" />
            </dt>
            <dd>{athlete.birthDate}</dd>
          </div>
        ) : null}
        <div>
          <dt>
            <FormattedMessage id="competitor.disciplines" />
          </dt>
          <dd>{profile.disciplines.map(text).join(' · ')}</dd>
        </div>
        {athlete?.teams?.length ? (
          <div>
            <dt>
              <FormattedMessage id="competitor.memberOf" />
            </dt>
            <dd>
              {athlete.teams.map((t, i) => (
                <span key={t.code}>
                  {i > 0 ? ' · ' : null}
                  {teamLink(t.code)}
                </span>
              ))}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>
            <FormattedMessage id="competitor.code" />
          </dt>
          <dd>{code}</dd>
        </div>
      </dl>

      {team ? (
        <>
          <h2>
            <FormattedMessage id="competitor.members" />
          </h2>
          <MemberList members={team.members} />
        </>
      ) : null}

      <h2>
        <FormattedMessage id="competitor.events" />
      </h2>
      <ul className="competitor-events">
        {profile.events.map((event) => (
          <li key={event}>
            <span className="discipline">{text(event.slice(0, 3))}</span> {text(event)}
          </li>
        ))}
      </ul>

      <h2 id="competitor-medals">
        <FormattedMessage id="competitor.medals" />
      </h2>
      <MedalTable medals={medals} text={text} teamLink={teamLink} />

      <h2 id="competitor-results">
        <FormattedMessage id="competitor.results" />
      </h2>
      <ResultTable results={results} statuses={statuses} teamLink={teamLink} />
    </section>
  );
}
