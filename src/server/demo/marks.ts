/**
 * Marks as the examples write them (`9.87`, `1:02.34`, `2:05:11`, `8.12`, `87.250`): read into a
 * number and written back in the same shape, so a demo value looks like the dictionary's example.
 */
export interface MarkShape {
  /** Number of `:`-separated parts (1: seconds or a plain number; 2: m:ss; 3: h:mm:ss). */
  readonly parts: number;
  readonly decimals: number;
}

const MARK = /^(?:(\d+):)?(?:(\d+):)?(\d+)(?:\.(\d+))?$/;

export function readMark(text: string | undefined): { value: number; shape: MarkShape } | undefined {
  if (text === undefined) return undefined;
  const match = MARK.exec(text.trim());
  if (!match) return undefined;
  const [, a, b, c, fraction] = match;
  const decimals = fraction?.length ?? 0;
  const last = Number(`${c}${fraction ? `.${fraction}` : ''}`);
  if (a !== undefined && b !== undefined)
    return { value: Number(a) * 3600 + Number(b) * 60 + last, shape: { parts: 3, decimals } };
  if (a !== undefined) return { value: Number(a) * 60 + last, shape: { parts: 2, decimals } };
  return { value: last, shape: { parts: 1, decimals } };
}

export function writeMark(value: number, shape: MarkShape): string {
  const v = Math.max(0, value);
  if (shape.parts === 1) return v.toFixed(shape.decimals);
  const width = shape.decimals > 0 ? 3 + shape.decimals : 2;
  if (shape.parts === 2) {
    const minutes = Math.floor(v / 60);
    return `${minutes}:${(v - minutes * 60).toFixed(shape.decimals).padStart(width, '0')}`;
  }
  const hours = Math.floor(v / 3600);
  const minutes = Math.floor((v - hours * 3600) / 60);
  const seconds = v - hours * 3600 - minutes * 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${seconds.toFixed(shape.decimals).padStart(width, '0')}`;
}

/**
 * The mark of the n-th place (0-based) from the marks of an example's ranked rows: the example's own
 * for its places, then on in the same direction and step (a time grows, points fall). `undefined`
 * when the example's marks are not numbers (a match score, a text).
 */
export function markAt(ranked: readonly string[], n: number): string | undefined {
  const marks = ranked.map(readMark).filter((m) => m !== undefined);
  if (marks.length === 0) return undefined;
  if (n < ranked.length && readMark(ranked[n])) return ranked[n];
  const last = marks[marks.length - 1]!;
  const previous = marks.length > 1 ? marks[marks.length - 2]! : undefined;
  const unit = 10 ** -last.shape.decimals;
  const step =
    previous && previous.value !== last.value
      ? last.value - previous.value
      : Math.max(unit, Math.abs(last.value) * 0.004) * (marks[0]!.value > last.value ? -1 : 1);
  const beyond = n - (marks.length - 1);
  const value = last.value + step * beyond;
  // Falling marks (points) stop at zero rather than turn negative.
  return writeMark(Math.max(step < 0 ? 0 : value, value), last.shape);
}

/** The difference to the first mark, written as the examples write a `Diff` (`+0.12`). */
export function diffTo(first: string | undefined, mark: string | undefined): string | undefined {
  const a = readMark(first);
  const b = readMark(mark);
  if (!a || !b) return undefined;
  const delta = Math.abs(b.value - a.value);
  return delta === 0
    ? undefined
    : `+${writeMark(delta, { parts: delta >= 60 && a.shape.parts > 1 ? 2 : 1, decimals: a.shape.decimals })}`;
}

/** The distance in metres an event's RSC names (`100M`, `10KM`, a relay's `4X100M`, the marathons). */
export function distanceOf(rsc: string): number | undefined {
  const event = rsc.slice(4, 22);
  const relay = /(\d+)X(\d+)(K?M)/.exec(event);
  if (relay) return Number(relay[1]) * Number(relay[2]) * (relay[3] === 'KM' ? 1000 : 1);
  const plain = /(\d+)(K?M)(?![A-Z]*KG)/.exec(event);
  if (plain) return Number(plain[1]) * (plain[2] === 'KM' ? 1000 : 1);
  if (/HALFMARATHON|HALF/.test(event)) return 21_097;
  if (/MARATHON/.test(event)) return 42_195;
  return undefined;
}

/**
 * A mark of an example's race carried over to a race of another distance: scaled by the distances'
 * ratio and written with as many `:` parts as it now needs (`10.08` over 100 m is `2:31.20` over 1500 m).
 */
export function scaleMark(mark: string, ratio: number): string {
  const read = readMark(mark);
  if (!read || ratio === 1) return mark;
  const value = read.value * ratio;
  const parts = Math.max(read.shape.parts, value >= 3600 ? 3 : value >= 60 ? 2 : 1);
  return writeMark(value, { parts, decimals: parts === 3 ? 0 : read.shape.decimals });
}
