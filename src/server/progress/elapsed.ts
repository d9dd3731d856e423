/**
 * Work that cannot count its items (the site build, the rebuild of derived documents): on a
 * terminal `podium: building the site · 23 s`, ticking each second while the event loop is free
 * (a child process' work); without one nothing until the end. Either way one line at the end
 * with the time taken.
 */
import { fitLine, formatElapsed, formatSeconds } from './format';
import { CLEAR_TO_END, lineWidth, type ProgressOptions } from './progress';

export interface ElapsedTimer {
  /** Ends the line: `podium: <task>: <outcome> in 41.2 s` (outcome default "done"). */
  done(outcome?: string): void;
}

/** How often the counter ticks: it shows whole seconds. */
export const TICK_MS = 1000;

export function startElapsed(task: string, options: ProgressOptions = {}): ElapsedTimer {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? (() => performance.now());
  const tty = stream.isTTY === true;
  const started = now();
  const draw = (text: string) => stream.write(`\r${fitLine(text, [], lineWidth(stream))}${CLEAR_TO_END}`);
  let timer: NodeJS.Timeout | undefined;
  if (tty) {
    // Work that keeps the event loop busy never ticks: the first line then says only that it runs.
    draw(`podium: ${task} …`);
    timer = setInterval(
      () => draw(`podium: ${task} · ${formatSeconds(Math.floor((now() - started) / 1000))}`),
      TICK_MS,
    );
    // The counter alone never keeps the process alive.
    timer.unref();
  }
  let finished = false;
  return {
    done(outcome = 'done') {
      if (finished) return;
      finished = true;
      clearInterval(timer);
      const line = `podium: ${task}: ${outcome} in ${formatElapsed(now() - started)}`;
      stream.write(tty ? `\r${line}${CLEAR_TO_END}\n` : `${line}\n`);
    },
  };
}
