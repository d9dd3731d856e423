/** The words and numbers of a progress line: counts, rates and durations as people read them. */

/** 1234 → "1,234": thousands separated the same way whatever the machine's locale. */
export const formatCount = (n: number): string => Math.round(n).toLocaleString('en-US');

/** Items a second: whole numbers from 10 up, one decimal below (a slow task still shows a rate). */
export function formatRate(perSecond: number): string {
  if (perSecond >= 10) return `${formatCount(perSecond)}/s`;
  return `${perSecond.toFixed(1)}/s`;
}

/** A time taken: "14.2 s", "2 min 5 s", "1 h 3 min" (tenths only where they still mean something). */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return formatSeconds(Math.round(seconds));
}

/** A time still to go, rounded up: "11 s left" says at most 11 s. */
export const formatTimeLeft = (seconds: number): string => `${formatSeconds(Math.ceil(Math.max(0, seconds)))} left`;

/** Whole seconds as a clock a person reads: "23 s", "2 min 5 s", "1 h 3 min". */
export function formatSeconds(whole: number): string {
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
}

/**
 * The line within `columns` characters: the first parts go first (the rate, before the time left a
 * person waits for); a head wider than the terminal on its own is cut with an ellipsis.
 */
export function fitLine(head: string, parts: readonly string[], columns: number, separator = ' · '): string {
  const width = Math.max(1, columns);
  for (let drop = 0; drop <= parts.length; drop += 1) {
    const line = [head, ...parts.slice(drop)].join(separator);
    if (line.length <= width) return line;
  }
  return width === 1 ? head.slice(0, 1) : `${head.slice(0, width - 1)}…`;
}
