/**
 * Progress of long work (issue 27, item 3): the export, the first start and `npm run ingest` of a
 * folder. On a terminal one line rewritten in place, at most every 100 ms, with done / total, rate
 * and time left; without one (CI logs, pipes) nothing while working and one summary line at the
 * end, so logs stay short.
 */
import { fitLine, formatCount, formatElapsed, formatRate, formatTimeLeft } from './format';

export interface ProgressStream {
  write(chunk: string): boolean;
  isTTY?: boolean;
  columns?: number;
}

export interface Progress {
  /** n more items done (default 1). */
  advance(n?: number): void;
  /** The total once known or changed. */
  setTotal(total: number): void;
  /** Ends the line: on a TTY the final state; without one a single summary line. */
  done(summary?: string): void;
}

/** What is being done and to what: `{ task: 'export', unit: 'pages' }`. A plain string is the task. */
export interface ProgressLabel {
  task: string;
  /** The items counted, plural (default "items"). */
  unit?: string;
}

export interface ProgressOptions {
  /** Default process.stderr: stdout stays the command's own output. */
  stream?: ProgressStream;
  /** Milliseconds; a fake clock in tests. Default performance.now. */
  now?: () => number;
}

/** A Progress whose caller can also print lines of its own without tearing the progress line. */
export interface TerminalProgress extends Progress {
  /** Prints `line` to `to` (default the progress stream) above the progress line. */
  print(line: string, to?: ProgressStream): void;
}

/** How often the line may be redrawn: often enough to look alive, rarely enough to cost nothing. */
export const REDRAW_MS = 100;
/** No rate (nor time left) before this much time: the first items alone say little about the rest. */
export const RATE_AFTER_MS = 500;
/** Terminals that do not say their width. */
const DEFAULT_COLUMNS = 80;

export const CLEAR_TO_END = '\x1b[K';

export function labelOf(label: string | ProgressLabel): Required<ProgressLabel> {
  return typeof label === 'string' ? { task: label, unit: 'items' } : { task: label.task, unit: label.unit ?? 'items' };
}

/**
 * Widest line to draw: one short of the terminal's width, as a character in the last column makes
 * some terminals wrap and the next `\r` would then rewrite the wrong line.
 */
export function lineWidth(stream: ProgressStream): number {
  // A pseudo-terminal without a size (`script`, some CI runners) says 0 columns.
  const columns = stream.columns !== undefined && stream.columns > 0 ? stream.columns : DEFAULT_COLUMNS;
  return columns - 1;
}

/**
 * Starts a progress line for `label`, with `total` items when known. `done(summary)` with a summary
 * closes with `podium: <task>: <summary>` in place of the counts, in both modes (for a command that
 * already says more at its end, as ingest does).
 */
export function startProgress(
  label: string | ProgressLabel,
  total?: number,
  options: ProgressOptions = {},
): TerminalProgress {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? (() => performance.now());
  const { task, unit } = labelOf(label);
  const prefix = `podium: ${task}: `;
  const tty = stream.isTTY === true;
  const started = now();
  let count = 0;
  let known = total;
  let drawnAt = -Infinity;
  let finished = false;

  const counted = (): string => {
    if (known === undefined) return `${prefix}${formatCount(count)} ${unit}`;
    const percent = known > 0 ? Math.min(100, Math.floor((count * 100) / known)) : 100;
    return `${prefix}${formatCount(count)} / ${formatCount(known)} ${unit} (${percent}%)`;
  };
  /** Items a second so far; at the end whatever the time taken. */
  const rateAt = (at: number, closing = false): number | undefined => {
    const ms = at - started;
    return count > 0 && ms > 0 && (closing || ms >= RATE_AFTER_MS) ? count / (ms / 1000) : undefined;
  };
  /** The line while working (time left) or at the end (time taken). */
  const stateLine = (at: number, closing: boolean): string => {
    const rate = rateAt(at, closing);
    const parts: string[] = [];
    if (rate !== undefined) parts.push(formatRate(rate));
    if (closing) parts.push(formatElapsed(at - started));
    else if (rate !== undefined && known !== undefined && count < known)
      parts.push(formatTimeLeft((known - count) / rate));
    return fitLine(counted(), parts, lineWidth(stream));
  };
  const draw = (at: number) => {
    drawnAt = at;
    stream.write(`\r${stateLine(at, false)}${CLEAR_TO_END}`);
  };
  const drawSoon = () => {
    if (!tty || finished) return;
    const at = now();
    if (at - drawnAt >= REDRAW_MS) draw(at);
  };

  // Something on the terminal at once: the first item may take a while.
  if (tty) draw(started);

  return {
    advance(n = 1) {
      count += n;
      drawSoon();
    },
    setTotal(value) {
      known = value;
      drawSoon();
    },
    done(summary) {
      if (finished) return;
      finished = true;
      const at = now();
      if (tty) {
        const line = summary === undefined ? stateLine(at, true) : `${prefix}${summary}`;
        stream.write(`\r${line}${CLEAR_TO_END}\n`);
        return;
      }
      if (summary !== undefined) {
        stream.write(`${prefix}${summary}\n`);
        return;
      }
      const rate = rateAt(at, true);
      const perSecond = rate === undefined ? '' : ` (${formatRate(rate)})`;
      stream.write(`${prefix}${formatCount(count)} ${unit} in ${formatElapsed(at - started)}${perSecond}\n`);
    },
    print(line, to = stream) {
      if (!tty || finished) {
        to.write(`${line}\n`);
        return;
      }
      stream.write(`\r${CLEAR_TO_END}`);
      to.write(`${line}\n`);
      draw(now());
    },
  };
}
