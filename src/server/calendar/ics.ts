/**
 * iCalendar (RFC 5545) text of schedule units, for a spectator's calendar app to subscribe to. Each
 * unit is one event whose UID is its unit code, so a subscribed calendar moves the event when the
 * schedule changes rather than adding another; times are the venue's, in a named time zone.
 */
import { GAMES_TIME_ZONE, GAMES_UTC_OFFSET } from '../../core/gamesTime';

/** A unit as the calendar needs it, its texts already in the reader's language. */
export interface CalendarUnit {
  readonly code: string;
  readonly summary: string;
  /** ISO date-time with the venue's offset, as the feed wrote it (`2025-11-09T09:00:00+08:00`). */
  readonly start: string;
  readonly end?: string;
  /** The feed hides the time (units run in order): an all-day event on the date. */
  readonly hideStartDate?: boolean;
  readonly location?: string;
  readonly url: string;
  readonly cancelled?: boolean;
}

export interface Calendar {
  readonly name: string;
  readonly units: readonly CalendarUnit[];
  /** When the calendar was made (DTSTAMP). */
  readonly stamp: Date;
}

const PRODID = '-//Podium//Results Information System//EN';
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** Without a time the feed gives, an event lasts an hour (calendar apps draw a zero-length one badly). */
const DEFAULT_MINUTES = 60;

/** Escapes a TEXT value (RFC 5545 3.3.11). */
export const escapeText = (text: string): string =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds a content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // The first line holds 75 octets; a continuation line's leading space counts as one of its 75.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * The time zone of an offset: the games' own by name, any other as a fixed-offset zone of its own
 * (`UTC+0200`: a parameter value may not hold a colon unquoted).
 */
const zoneOf = (offset: string): string =>
  offset === GAMES_UTC_OFFSET ? GAMES_TIME_ZONE : `UTC${offset.replace(':', '')}`;

function vtimezone(offset: string): string[] {
  const compact = offset.replace(':', '');
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zoneOf(offset)}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${compact}`,
    `TZOFFSETTO:${compact}`,
    `TZNAME:UTC${offset}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ];
}

interface LocalTime {
  readonly date: string;
  readonly time: string;
  readonly offset: string;
  readonly instant: number;
}

function localTime(iso: string | undefined): LocalTime | undefined {
  const match = LOCAL.exec(iso ?? '');
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s = '00', zone] = match as unknown as string[];
  const offset = zone === 'Z' ? '+00:00' : zone!;
  return { date: `${y}${mo}${d}`, time: `${h}${mi}${s}`, offset, instant: Date.parse(iso!) };
}

/** The same wall clock `minutes` later, at the same offset. */
function later(start: LocalTime, minutes: number): LocalTime {
  const sign = start.offset.startsWith('-') ? -1 : 1;
  const [oh, om] = start.offset.slice(1).split(':').map(Number) as [number, number];
  const shift = sign * (oh * 60 + om) * 60_000;
  const instant = start.instant + minutes * 60_000;
  const wall = new Date(instant + shift).toISOString();
  return {
    date: wall.slice(0, 10).replaceAll('-', ''),
    time: wall.slice(11, 19).replaceAll(':', ''),
    offset: start.offset,
    instant,
  };
}

const utcStamp = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function vevent(unit: CalendarUnit, start: LocalTime, stamp: Date): string[] {
  const end = localTime(unit.end);
  const lines = ['BEGIN:VEVENT', `UID:${unit.code}@podium`, `DTSTAMP:${utcStamp(stamp)}`];
  if (unit.hideStartDate) {
    lines.push(`DTSTART;VALUE=DATE:${start.date}`);
  } else {
    const zone = zoneOf(start.offset);
    const finish =
      end && end.instant > start.instant && end.offset === start.offset ? end : later(start, DEFAULT_MINUTES);
    lines.push(`DTSTART;TZID=${zone}:${start.date}T${start.time}`, `DTEND;TZID=${zone}:${finish.date}T${finish.time}`);
  }
  lines.push(`SUMMARY:${escapeText(unit.summary)}`);
  if (unit.location) lines.push(`LOCATION:${escapeText(unit.location)}`);
  lines.push(`URL:${unit.url}`, `STATUS:${unit.cancelled ? 'CANCELLED' : 'CONFIRMED'}`, 'END:VEVENT');
  return lines;
}

/** The calendar's text, CRLF line ends and folded lines; units without a start are left out. */
export function icsOf(calendar: Calendar): string {
  const timed = calendar.units.flatMap((unit) => {
    const start = localTime(unit.start);
    return start ? [{ unit, start }] : [];
  });
  const offsets = [...new Set(timed.filter(({ unit }) => !unit.hideStartDate).map(({ start }) => start.offset))];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-TIMEZONE:${zoneOf(offsets[0] ?? GAMES_UTC_OFFSET)}`,
    // Subscribed calendars look again hourly (a schedule changes during the games).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...offsets.flatMap(vtimezone),
    ...timed.flatMap(({ unit, start }) => vevent(unit, start, calendar.stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
