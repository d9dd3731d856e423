import { FormattedMessage } from '../i18n/intl';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { phaseName } from '../../core/phases';
import { useLocale } from '../app/locale';
import { codeLookup } from '../data/codes';
import { sourceFor } from '../data/source';
import { disciplineTree } from '../data/codes';
import { pickText, type DataText } from '../i18n/locale';

/** Records broken at the games, as the results mark them; events named from the discipline tree. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const data = sourceFor(context, request);
  const [records, disciplines, organisations, tree] = await Promise.all([
    data.document('RECORDS', 'ALL'),
    codeLookup(data, 'discipline'),
    codeLookup(data, 'organisation'),
    disciplineTree(data),
  ]);
  const events: Record<string, DataText> = {};
  for (const discipline of tree) {
    for (const event of discipline.Events) {
      events[event.EventFullRsc.slice(0, 22)] = {
        ENG: event.ENG_EventName,
        CHI: event.CHI_EventName,
        CHT: event.CHT_EventName,
      };
    }
  }
  return { records: records?.records ?? [], disciplines, organisations, events };
}

export function Component() {
  const { records, disciplines, organisations, events } = useLoaderData<typeof loader>();
  const locale = useLocale();
  return (
    <section aria-labelledby="record-title">
      <h1 id="record-title">
        <FormattedMessage id="nav.record" />
      </h1>
      {records.length === 0 ? (
        <p className="empty">
          <FormattedMessage id="common.noData" />
        </p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col" className="hide-narrow">
                  <FormattedMessage id="competitor.discipline" />
                </th>
                <th scope="col">
                  <FormattedMessage id="competitor.event" />
                </th>
                <th scope="col">
                  <FormattedMessage id="record.type" />
                </th>
                <th scope="col">
                  <FormattedMessage id="competitor.result" />
                </th>
                <th scope="col">
                  <FormattedMessage id="competitor.name" />
                </th>
                <th scope="col" className="hide-narrow">
                  <FormattedMessage id="competitor.delegation" />
                </th>
                <th scope="col">
                  <FormattedMessage id="competitor.unit" />
                </th>
              </tr>
            </thead>
            <tbody>
              {records.map((r, i) => (
                <tr key={i}>
                  <td className="hide-narrow">{pickText(disciplines[r.discipline], locale)}</td>
                  <td>{pickText(events[r.record.slice(0, 22)], locale) || r.record.replace(/-+$/, '')}</td>
                  <td>{r.recordType}</td>
                  <td>{r.result}</td>
                  <td>{pickText(r.competitor.name, locale)}</td>
                  <td className="hide-narrow">{pickText(organisations[r.organisation ?? ''], locale)}</td>
                  <td>
                    <Link to={`/${r.unit}`}>{pickText(phaseName(r.unit), locale) || r.unit.replace(/-+$/, '')}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
