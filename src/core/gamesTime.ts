/**
 * The games' local time. Every venue of the 15th National Games (Guangdong, Hong Kong, Macao) is on
 * UTC+08:00 all year, so an instant the service records in UTC (a report's last update, say) is
 * shown at that fixed offset: the same text on the server and in any browser, whatever its zone.
 */
export const GAMES_UTC_OFFSET = '+08:00';
const OFFSET_MS = 8 * 3_600_000;

/** `YYYY-MM-DD HH:mm` of an ISO instant at the games' offset; '' for what is not a date. */
export function gamesLocalTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time + OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
