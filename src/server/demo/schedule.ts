import type { EventProgramme } from '../../../schemas/events';
import type { ResolvedSport } from '../../core/sports/types';
import { disciplineOf } from '../../core/rsc';
import type { OdfElement } from '../odf/normalise';
import { envelope } from './documents';
import type { DemoEvent } from './model';

/** Every competition unit is of ODF phase type 3, as in real schedules; the round is in its code. */
const COMPETITION_PHASE_TYPE = '3';

/** The discipline's DT_SCHEDULE: every unit with its times, status, venue, medal flag and order. */
export function scheduleDocument(sport: ResolvedSport, programme: EventProgramme, events: DemoEvent[]): OdfElement {
  const body = envelope('DT_SCHEDULE', disciplineOf(sport.code), 1);
  const venue = programme.venue;
  body.Competition = [
    {
      Unit: events.flatMap((event) =>
        event.units.map((unit) => ({
          Code: unit.code,
          PhaseType: COMPETITION_PHASE_TYPE,
          ScheduleStatus: unit.scheduleStatus,
          StartDate: unit.start,
          EndDate: unit.end,
          Order: String(unit.order),
          ...(unit.medal ? { Medal: '1' } : {}),
          Venue: venue.code,
          Location: venue.code,
          SessionCode: `${sport.code}${unit.start.slice(8, 10)}`,
          ItemName: [
            { Language: 'ENG', Value: unit.name.en_US },
            { Language: 'CHI', Value: unit.name.zh_CN },
          ],
          // ODF has one venue description (no language): the English; Chinese venue names are the code tables'.
          VenueDescription: [{ VenueName: venue.name.en_US, LocationName: venue.name.en_US }],
        })),
      ),
    },
  ];
  return body;
}
