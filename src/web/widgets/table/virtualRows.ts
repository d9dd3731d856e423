import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * Windowed rendering of a long table inside its scroll box: only the rows in view, and `overscan`
 * more each side, are in the page; spacers stand for the rest. Rows are measured once drawn (a row
 * with its details open is taller), estimated until then. Kept small on purpose: it is all a results
 * table needs (one axis, rows of similar height), in a fraction of a general virtualiser's bytes.
 *
 * Heights come from one ResizeObserver, after the browser's layout, and reach the state as one
 * transition per batch: a row's ref setting state would re-render the table synchronously inside the
 * commit that drew it (the long task that hydrating a big field used to cost).
 */
export interface WindowedRows {
  /** Indexes of the rows to draw, in order. */
  readonly indexes: readonly number[];
  /** Height of the spacer before the first drawn row and after the last, in px. */
  readonly before: number;
  readonly after: number;
  /** Ref callback for a drawn row's element (with `data-index`): watches its height. */
  readonly measure: (element: HTMLElement | null) => (() => void) | undefined;
}

export interface WindowOptions {
  readonly count: number;
  readonly enabled: boolean;
  readonly estimate: number;
  /** Rows drawn past each side of the view, once the box is measured. */
  readonly overscan: number;
  /** The viewport height assumed before the box is measured (the server's render, hydration). */
  readonly initialHeight: number;
}

/** The first index whose row ends below `offset`, by binary search over the cumulative ends. */
export function indexAt(ends: Float64Array, offset: number): number {
  let low = 0;
  let high = ends.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ends[middle] ?? 0) <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Cumulative row ends from measured heights (NaN: not measured, use the estimate). */
export function rowEnds(heights: Float64Array, estimate: number): Float64Array {
  const ends = new Float64Array(heights.length);
  let total = 0;
  for (let i = 0; i < heights.length; i += 1) {
    const h = heights[i]!;
    total += Number.isNaN(h) ? estimate : h;
    ends[i] = total;
  }
  return ends;
}

/** The rows to draw for a scroll position: those in [top, top + height] and the overscan. */
export function windowFor(
  ends: Float64Array,
  top: number,
  height: number,
  overscan: number,
): { start: number; end: number } {
  if (ends.length === 0) return { start: 0, end: 0 };
  const first = indexAt(ends, top);
  const last = indexAt(ends, top + height);
  return { start: Math.max(0, first - overscan), end: Math.min(ends.length, last + 1 + overscan) };
}

const unmeasured = (count: number) => ({ count, heights: new Float64Array(count).fill(Number.NaN) });

interface Measured {
  readonly count: number;
  readonly heights: Float64Array;
}

/**
 * The measured heights with new readings applied: the same object when nothing differs (a row
 * measured at the estimate changes nothing), so a reading that moves nothing renders nothing.
 */
export function withHeights(
  current: Measured,
  count: number,
  readings: Iterable<readonly [index: number, height: number]>,
  estimate: number,
): Measured {
  const base = current.count === count ? current : unmeasured(count);
  let next: Float64Array | undefined;
  for (const [index, height] of readings) {
    if (!(index >= 0 && index < count) || !(height > 0)) continue;
    const was = (next ?? base.heights)[index]!;
    if (was === height || (Number.isNaN(was) && height === estimate)) continue;
    next ??= base.heights.slice();
    next[index] = height;
  }
  return next ? { count, heights: next } : base;
}

export function useWindowedRows(scroller: RefObject<HTMLElement | null>, options: WindowOptions): WindowedRows {
  const { count, enabled, estimate, overscan, initialHeight } = options;
  // Measured heights, replaced (never mutated) as rows are drawn; a field of another size starts afresh.
  const [measured, setMeasured] = useState<Measured>(() => unmeasured(count));
  const heights = measured.count === count ? measured.heights : unmeasured(count).heights;
  // Assumed until the box is measured (the server's render and hydration), and then without the
  // overscan: the first HTML draws only what a first screen shows, the first frame's whole cost.
  const [viewport, setViewport] = useState({ top: 0, height: initialHeight, measured: false });
  // Read by the observer's callback, which outlives a render.
  const latest = useRef({ count, estimate });
  useLayoutEffect(() => {
    latest.current = { count, estimate };
  }, [count, estimate]);
  const observer = useRef<ResizeObserver | null>(null);

  useEffect(() => {
    const box = scroller.current;
    if (!enabled || !box) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      setViewport((v) =>
        v.measured && v.top === box.scrollTop && v.height === box.clientHeight
          ? v
          : { top: box.scrollTop, height: box.clientHeight, measured: true },
      );
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(read);
    };
    // The box's real height replaces the assumed one without holding up the first frames.
    startTransition(read);
    box.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      box.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [scroller, enabled]);

  useEffect(
    () => () => {
      observer.current?.disconnect();
      observer.current = null;
    },
    [],
  );

  const measure = useCallback((element: HTMLElement | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    observer.current ??= new ResizeObserver((entries) => {
      const readings = entries.map((entry): [number, number] => [
        Number((entry.target as HTMLElement).dataset.index),
        entry.borderBoxSize[0]?.blockSize ?? entry.target.getBoundingClientRect().height,
      ]);
      const { count: rows, estimate: guess } = latest.current;
      startTransition(() => setMeasured((current) => withHeights(current, rows, readings, guess)));
    });
    const watching = observer.current;
    watching.observe(element);
    return () => watching.unobserve(element);
  }, []);

  if (!enabled) {
    return { indexes: Array.from({ length: count }, (_, i) => i), before: 0, after: 0, measure };
  }
  const ends = rowEnds(heights, estimate);
  const { start, end } = windowFor(ends, viewport.top, viewport.height, viewport.measured ? overscan : 0);
  const total = ends.length > 0 ? ends[ends.length - 1]! : 0;
  return {
    indexes: Array.from({ length: end - start }, (_, i) => start + i),
    before: start > 0 ? ends[start - 1]! : 0,
    after: end > 0 ? total - ends[end - 1]! : 0,
    measure,
  };
}
