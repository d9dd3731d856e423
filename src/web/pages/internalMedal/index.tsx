import type { MedalTally } from '../../../../schemas/api';
import { FormattedMessage } from '../../i18n/intl';
import { InternalMessages } from '../../components/InternalMessages';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useLocale } from '../../app/locale';
import { disciplineText, disciplineTree } from '../../data/codes';
import { codeLookup, type CodeLookup } from '../../data/codes';
import { sourceFor } from '../../data/source';
import { pickText, type DataText } from '../../i18n/locale';

/** MEDAL_TALLY/ALL and MEDALLISTS/ALL as src/server/derive/medals.ts writes them. */

const MEDALS = ['GOLD', 'SILVER', 'BRONZE'] as const;

/** A medallist as the page shows one: the page's data is embedded for hydration, so only this. */
interface Winner {
  name: DataText;
  organisation?: string;
}
interface EventMedals {
  event: string;
  discipline: string;
  name: DataText | undefined;
  medallists: Record<(typeof MEDALS)[number], Winner[]>;
}

interface InternalMedalData {
  tally: MedalTally | undefined;
  events: EventMedals[];
  disciplines: Record<string, DataText>;
  organisations: CodeLookup;
}

/** The organisers' view of the medals: the tally with its corrections, and every event's medallists. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<InternalMedalData> {
  const data = sourceFor(context, request);
  const [tally, medallists, tree, organisations] = await Promise.all([
    data.document('MEDAL_TALLY', 'ALL'),
    data.document('MEDALLISTS', 'ALL'),
    disciplineTree(data),
    codeLookup(data, 'organisation'),
  ]);
  const eventNames = new Map<string, DataText>();
  for (const item of tree)
    for (const e of item.Events)
      eventNames.set(e.EventFullRsc, { ENG: e.ENG_EventName, CHI: e.CHI_EventName, CHT: e.CHT_EventName });
  const events = new Map<string, EventMedals>();
  for (const m of medallists?.medallists ?? []) {
    let entry = events.get(m.event);
    if (!entry) {
      entry = {
        event: m.event,
        discipline: m.discipline,
        name: eventNames.get(m.event),
        medallists: { GOLD: [], SILVER: [], BRONZE: [] },
      };
      events.set(m.event, entry);
    }
    const winner: Winner = { name: m.competitor.name, organisation: m.competitor.organisation };
    if (m.medal in entry.medallists) entry.medallists[m.medal as (typeof MEDALS)[number]].push(winner);
  }
  return {
    tally,
    events: [...events.values()].sort((a, b) => (a.event < b.event ? -1 : a.event > b.event ? 1 : 0)),
    disciplines: Object.fromEntries(tree.map((item) => [item.Discipline, disciplineText(item)])),
    organisations,
  };
}

function Page() {
  const { tally, events, disciplines, organisations } = useLoaderData() as InternalMedalData;
  const locale = useLocale();
  const org = (code: string | undefined) => pickText(organisations[code ?? ''], locale) || code || '';
  const empty = (
    <p className="empty">
      <FormattedMessage id="common.noData" />
    </p>
  );
  return (
    <main className="internal-main" aria-labelledby="internal-medal-title">
      <h1 id="internal-medal-title">
        <FormattedMessage id="internal.medal.title" />
      </h1>
      <p className="internal-actions">
        <Link to="/internal/medal/import">
          <FormattedMessage id="internal.medal.import" />
        </Link>
      </p>
      <h2>
        <FormattedMessage id="internal.medal.tally" />
      </h2>
      {!tally || tally.rows.length === 0 ? (
        empty
      ) : (
        <table className="data-table medal-table">
          <thead>
            <tr>
              {(['rank', 'delegation', 'gold', 'silver', 'bronze', 'total'] as const).map((key) => (
                <th key={key} scope="col">
                  <FormattedMessage id={`medal.${key}`} />
                </th>
              ))}
              <th scope="col" className="hide-narrow">
                <FormattedMessage id="internal.medal.rankTotal" />
              </th>
            </tr>
          </thead>
          <tbody>
            {tally.rows.map((row) => (
              <tr key={row.organisation}>
                <td>{row.rank}</td>
                <th scope="row">
                  {org(row.organisation)}
                  {row.corrected ? (
                    <small className="corrected">
                      {' '}
                      <FormattedMessage id="internal.medal.corrected" />
                    </small>
                  ) : null}
                </th>
                <td>{row.gold}</td>
                <td>{row.silver}</td>
                <td>{row.bronze}</td>
                <td>{row.total}</td>
                <td className="hide-narrow">{row.rankTotal}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td />
              <th scope="row">
                <FormattedMessage id="medal.totals" />
              </th>
              <td>{tally.totals.gold}</td>
              <td>{tally.totals.silver}</td>
              <td>{tally.totals.bronze}</td>
              <td>{tally.totals.total}</td>
              <td className="hide-narrow" />
            </tr>
          </tfoot>
        </table>
      )}
      <h2>
        <FormattedMessage id="internal.medal.events" />
      </h2>
      {events.length === 0 ? (
        empty
      ) : (
        <table className="data-table medallist-table">
          <caption>
            <FormattedMessage id="internal.medal.eventCount" values={{ count: events.length }} />
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="internal.medal.event" />
              </th>
              {MEDALS.map((medal) => (
                <th key={medal} scope="col">
                  <FormattedMessage id={`medal.${medal.toLowerCase()}`} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.event}>
                <th scope="row">
                  <span className="discipline">{pickText(disciplines[event.discipline], locale)}</span>{' '}
                  {pickText(event.name, locale) || event.event.replace(/-+$/, '')}
                </th>
                {MEDALS.map((medal) => (
                  <td key={medal}>
                    {event.medallists[medal].map((m, i) => (
                      <div key={i}>
                        {pickText(m.name, locale)} <small>{org(m.organisation)}</small>
                      </div>
                    ))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}

export function Component() {
  return (
    <InternalMessages>
      <Page />
    </InternalMessages>
  );
}
