import type { IncomingMessage, ServerResponse } from 'node:http';
import { competitorBucket } from '../../core/competitorBucket';
import { own } from '../../core/own';
import { pickText, requestLocale, type LocaleId } from '../../web/i18n/locale';
import { commonTexts } from '../store/commonCodes';
import type { ScheduleUnit } from '../derive/schedule';
import { answeredNotModified } from '../http/conditional';
import { sendsGzip } from '../http/encoding';
import { GzipCopies, GZIP_MIN_BYTES } from '../http/gzipCopies';
import { CROSS_ORIGIN_RESOURCE } from '../api/cors';
import { sendError, SECURITY_HEADERS } from '../http/headers';
import { strongEtag, type DocumentStore } from '../store/documents';
import { icsOf, type CalendarUnit } from './ics';

/**
 * `/calendar/delegation/{org}.ics`, `/calendar/discipline/{code}.ics` and
 * `/calendar/follow.ics?delegation=..&discipline=..&athlete=..` (a reader's followed set): the
 * schedule of those units as an iCalendar subscription, in the language of `?lang=`.
 */
const CALENDAR_PATH = /^\/calendar\/(?:(delegation|discipline)\/([A-Z0-9]{3})|(follow))\.ics$/;
/** Codes a followed set may name, per kind (a reader follows a few; a URL stays short). */
const MAX_FOLLOWED = 100;
const CODE = /^[A-Za-z0-9]{1,20}$/;
/** The name a calendar app shows for a reader's followed set. */
const FOLLOWED_NAME: Readonly<Record<LocaleId, string>> = {
  zh_CN: '我的赛程',
  zh_HK: '我的賽程',
  en_US: 'My schedule',
};

type Read = { units: ScheduleUnit[]; receivedAt: string[] };

/** Calendar apps poll hourly or so: five minutes fresh, an hour served stale while revalidated. */
export const CALENDAR_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=3600';

export function serveCalendar(
  req: IncomingMessage,
  res: ServerResponse,
  store: DocumentStore,
  path: string,
  /** Where events link to (PODIUM_PUBLIC_URL): never the request's Host or forwarded headers. */
  publicUrl: URL,
): boolean {
  const match = CALENDAR_PATH.exec(path);
  if (!match) return false;
  const url = new URL(req.url ?? '/', 'http://podium.invalid');
  const locale = requestLocale(url, undefined);
  const names = (table: string) => commonNames(store, table, locale);
  let read: Read;
  let name: string;
  if (match[3]) {
    const asked = (key: string) =>
      (url.searchParams.get(key) ?? '')
        .split(',')
        .map((code) => code.trim())
        .filter((code) => CODE.test(code));
    const [delegations, disciplines, athletes] = [asked('delegation'), asked('discipline'), asked('athlete')];
    if ([delegations, disciplines, athletes].some((list) => list.length > MAX_FOLLOWED)) {
      sendError(res, 400, `a followed calendar names at most ${MAX_FOLLOWED} codes of each kind`);
      return true;
    }
    read = followed(store, delegations, disciplines, athletes);
    name = FOLLOWED_NAME[locale];
  } else {
    const [kind, code] = [match[1] as 'delegation' | 'discipline', match[2]!];
    read = kind === 'delegation' ? delegationUnits(store, code) : disciplineUnits(store, code);
    if (read.receivedAt.length === 0) {
      sendError(res, 404, `no schedule for ${kind} ${code}`);
      return true;
    }
    name = (kind === 'delegation' ? names('organisation') : names('discipline')).get(code) ?? code;
  }
  const disciplines = names('discipline');
  const origin = publicUrl.origin;
  const units = [...new Map(read.units.map((unit) => [unit.code, unit])).values()]
    .filter((unit) => !unit.nonCompetition || unit.start)
    .sort((a, b) => (a.start ?? '').localeCompare(b.start ?? '') || a.code.localeCompare(b.code))
    .map((unit): CalendarUnit => calendarUnit(unit, locale, disciplines, origin));
  // Stamped with the schedule's last change, so the same schedule is the same bytes (and ETag).
  const stamp = new Date(read.receivedAt.sort().at(-1) ?? 0);
  const text = icsOf({ name, units, stamp });
  const etag = strongEtag(text);
  const headers = {
    ...SECURITY_HEADERS,
    ...CROSS_ORIGIN_RESOURCE,
    'Content-Type': 'text/calendar; charset=utf-8',
    'Cache-Control': CALENDAR_CACHE_CONTROL,
    ETag: etag,
    Vary: 'Accept-Encoding',
  };
  // No Last-Modified: the names in it (code tables) can change without the schedule, so only the
  // ETag (of the text) says whether a reader's copy is current.
  if (answeredNotModified(req, res, { etag }, headers)) return true;
  const compress = sendsGzip(req, Buffer.byteLength(text), GZIP_MIN_BYTES);
  const body = compress ? gzipCopies.get(etag, text) : Buffer.from(text);
  res.writeHead(200, {
    ...headers,
    'Content-Length': body.length,
    ...(compress ? { 'Content-Encoding': 'gzip' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/**
 * Compressed calendars by ETag: a calendar app polls the same few subscriptions; a few kept copies
 * spare compressing each poll again.
 */
const gzipCopies = new GzipCopies(64);

function calendarUnit(
  unit: ScheduleUnit,
  locale: LocaleId,
  disciplines: ReadonlyMap<string, string>,
  origin: string,
): CalendarUnit {
  const discipline = disciplines.get(unit.discipline);
  const title = pickText(unit.name, locale) || unit.code;
  return {
    code: unit.code,
    summary: discipline ? `${discipline} ${title}` : title,
    start: unit.start ?? '',
    ...(unit.end ? { end: unit.end } : {}),
    ...(unit.hideStartDate ? { hideStartDate: true } : {}),
    ...(pickText(unit.venueName, locale) ? { location: pickText(unit.venueName, locale) } : {}),
    url: `${origin}/${unit.code}`,
    ...(unit.status === 'CANCELLED' ? { cancelled: true } : {}),
  };
}

function unitsOf(store: DocumentStore, type: string, code: string): Read {
  const doc = store.get(type, code);
  if (!doc) return { units: [], receivedAt: [] };
  return { units: (JSON.parse(doc.body) as { units: ScheduleUnit[] }).units, receivedAt: [doc.receivedAt] };
}

const delegationUnits = (store: DocumentStore, code: string) => unitsOf(store, 'SCHEDULE_DELEGATION', code);
const disciplineUnits = (store: DocumentStore, code: string) =>
  unitsOf(store, 'SCHEDULE_DISCIPLINE', code.padEnd(34, '-'));

/** The units of followed delegations and disciplines, and of the events followed athletes entered. */
function followed(store: DocumentStore, delegations: string[], disciplines: string[], athletes: string[]): Read {
  const parts = [
    ...delegations.map((c) => delegationUnits(store, c)),
    ...disciplines.map((c) => disciplineUnits(store, c)),
  ];
  const events = new Set<string>();
  for (const code of athletes) {
    const bucket = store.json<{ athletes: Record<string, { events?: string[] }> }>(
      'COMPETITOR_PROFILES',
      competitorBucket(code),
    );
    for (const event of (bucket && own(bucket.athletes, code)?.events) ?? []) events.add(event);
  }
  for (const discipline of new Set([...events].map((event) => event.slice(0, 3)))) {
    const read = disciplineUnits(store, discipline);
    parts.push({ units: read.units.filter((unit) => events.has(unit.event)), receivedAt: read.receivedAt });
  }
  return { units: parts.flatMap((p) => p.units), receivedAt: parts.flatMap((p) => p.receivedAt) };
}

function commonNames(store: DocumentStore, table: string, locale: LocaleId): Map<string, string> {
  return new Map([...commonTexts(store, table)].map(([code, text]) => [code, pickText(text, locale) || code]));
}
