import { gamesVenue } from '../reference/venues';
import { padRsc } from '../../core/rsc';
import type { OdfElement } from '../odf/normalise';
import { envelope } from './documents';
import { statusAt } from './plan';

/**
 * ODF's discipline code for ceremonies: a real feed sends them as the DT_SCHEDULE of this non-sport
 * code (Paris 2024's CER schedule holds its opening and closing ceremonies). The service knows no
 * such code: an entry of a discipline without a sport plugin is non-competition.
 */
const CEREMONIES = 'CER';

interface Ceremony {
  id: string;
  name: { zh_CN: string; en_US: string };
  start: string;
  end: string;
  venue: { code: string; name: { zh_CN: string; en_US: string } };
}

/** The games' non-competition entries: fixed data, so the demo stays the same on every run. */
const ENTRIES: readonly Ceremony[] = [
  {
    id: 'VILLAGE',
    name: { zh_CN: '运动员村开村仪式', en_US: "Athletes' Village Opening Ceremony" },
    start: '2025-11-08T10:00:00+08:00',
    end: '2025-11-08T11:00:00+08:00',
    venue: gamesVenue('GAV'),
  },
  {
    id: 'OPENING',
    name: { zh_CN: '开幕式', en_US: 'Opening Ceremony' },
    start: '2025-11-09T20:00:00+08:00',
    end: '2025-11-09T22:30:00+08:00',
    venue: gamesVenue('GOS'),
  },
  {
    id: 'CLOSING',
    name: { zh_CN: '闭幕式', en_US: 'Closing Ceremony' },
    start: '2025-11-21T20:00:00+08:00',
    end: '2025-11-21T22:00:00+08:00',
    venue: gamesVenue('SBS'),
  },
];

/** The ceremonies' DT_SCHEDULE, shaped as a real feed's: phase type 0, no medal, no session. */
export function ceremoniesDocument(): OdfElement {
  const body = envelope('DT_SCHEDULE', padRsc(CEREMONIES), 1);
  body.Competition = [
    {
      Unit: ENTRIES.map((entry, index) => ({
        Code: padRsc(`${CEREMONIES}-${entry.id}`),
        PhaseType: '0',
        ScheduleStatus: statusAt(entry.start, entry.end).schedule,
        StartDate: entry.start,
        EndDate: entry.end,
        Order: String(index + 1),
        Venue: entry.venue.code,
        Location: entry.venue.code,
        ItemName: [
          { Language: 'ENG', Value: entry.name.en_US },
          { Language: 'CHI', Value: entry.name.zh_CN },
        ],
        // One venue description, as ODF has it (see schedule.ts).
        VenueDescription: [{ VenueName: entry.venue.name.en_US, LocationName: entry.venue.name.en_US }],
      })),
    },
  ];
  return body;
}
