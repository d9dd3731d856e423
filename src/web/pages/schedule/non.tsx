import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { codeLookup, type CodeLookup } from '../../data/codes';
import { sourceFor } from '../../data/source';
import { entryOf, groupByDay, type ScheduleEntry } from './data';
import { DayCaption, Placeholder, ScheduleHeading } from './parts';
import { UnitTable } from './unitTable';

interface NonCompetitionData {
  groups: { date: string; units: ScheduleEntry[] }[];
  zone: string | undefined;
  statuses: CodeLookup;
}

/**
 * Ceremonies and other entries that are not competitions (SCHEDULE_NON/ALL): the schedules of
 * disciplines without a sport, and ceremony units, grouped by day.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<NonCompetitionData> {
  const data = sourceFor(context, request);
  const [document, grid, statuses] = await Promise.all([
    data.document('SCHEDULE_NON', 'ALL'),
    data.document('SCHEDULE_GRID', 'ALL'),
    codeLookup(data, 'schedulestatus'),
  ]);
  return {
    groups: groupByDay((document?.units ?? []).map(entryOf)),
    zone: grid?.zone,
    statuses,
  };
}

export function Component() {
  const { groups, zone, statuses } = useLoaderData() as NonCompetitionData;
  return (
    <section aria-labelledby="schedule-title" className="schedule-non">
      <ScheduleHeading id="schedule-title" />
      {groups.length === 0 ? (
        <Placeholder filtered={false} />
      ) : (
        groups.map((group) => (
          <section key={group.date} id={`day-${group.date}`} aria-labelledby={`non-${group.date}`}>
            <h2 id={`non-${group.date}`}>
              <DayCaption date={group.date} zone={zone} />
            </h2>
            <UnitTable
              units={group.units}
              zone={zone}
              disciplines={{}}
              statuses={statuses}
              showDiscipline={false}
              labelledBy={`non-${group.date}`}
            />
          </section>
        ))
      )}
    </section>
  );
}
