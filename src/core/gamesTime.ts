/**
 * The games' local time. Every venue of the 15th National Games (Guangdong, Hong Kong, Macao) is on
 * UTC+08:00 all year, so an instant the service records in UTC (a report's last update, say) is
 * shown at that fixed offset: the same text on the server and in any browser, whatever its zone.
 */
export const GAMES_UTC_OFFSET = '+08:00';
/** The games' time zone by its IANA name (China Standard Time, no daylight saving), for calendars. */
export const GAMES_TIME_ZONE = 'Asia/Shanghai';
const OFFSET_MS = 8 * 3_600_000;

/** `YYYY-MM-DD HH:mm` of an ISO instant at the games' offset; '' for what is not a date. */
export function gamesLocalTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time + OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** A unit's time as the feed wrote it: the venue's own date, `HH:mm` and offset. */
export interface VenueTime {
  readonly date: string;
  readonly time: string;
  /** `UTC+08:00`, `UTC-03:00`, `UTC` (for `Z`); '' when the feed wrote no offset. */
  readonly zone: string;
}

const VENUE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * The time of a unit in its venue, as ODF writes it (`2024-07-27T11:00:00+02:00`): the feed's offset
 * is the venue's, so the time is shown as written and labelled with that offset, never converted to
 * the reader's or the games' zone. Every page and report shows a unit's time through this, so one unit
 * shows one time everywhere. `undefined` for what is not such a date-time.
 */
export function venueTime(iso: string | undefined): VenueTime | undefined {
  const match = VENUE_TIME.exec(iso ?? '');
  if (!match) return undefined;
  const offset = match[3];
  return {
    date: match[1]!,
    time: match[2]!,
    zone: offset === undefined ? '' : offset === 'Z' ? 'UTC' : `UTC${offset}`,
  };
}
