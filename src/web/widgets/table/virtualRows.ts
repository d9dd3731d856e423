import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useState,
  type RefObject,
} from 'react';
import type { Virtualizer, VirtualizerOptions } from '@tanstack/virtual-core';

/** TanStack Virtual's core, loaded when a page first windows a field (most tables are drawn whole). */
type VirtualCore = typeof import('@tanstack/virtual-core');
let loading: Promise<VirtualCore> | undefined;
let loaded: VirtualCore | undefined;
const loadVirtualCore = (): Promise<VirtualCore> =>
  (loading ??= import('@tanstack/virtual-core').then((core) => (loaded = core)));

/**
 * Windowed rendering of a long table inside its scroll box, by TanStack Virtual: only the rows in
 * view, and `overscan` more each side, are in the page; spacers stand for the rest. Rows are
 * measured once drawn (a row with its details open is taller), estimated until then.
 *
 * Nothing here re-renders the table inside the commit that drew the rows (the long task hydrating a
 * big field used to cost): a row's ref reads no height (its ResizeObserver entry brings it, after
 * layout), the box's real size arrives as a transition, and no update is flushed synchronously.
 *
 * The library loads after hydration, and only for a field long enough to window: until then (and
 * on the server) the rows are the first screen's, which is what the virtualizer draws first too.
 * The hook drives virtual-core's `Virtualizer` as its React adapter does (options each render,
 * `_didMount`, `_willUpdate`), with hooks that do not change once the library has come.
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

type Rows = Virtualizer<HTMLElement, HTMLElement>;

/**
 * The virtualizer's options for a table's rows. Until the box is measured (`measured`: the server's
 * render and hydration) the box is `initialHeight` tall at the top and there is no overscan: the
 * first HTML draws only what a first screen shows, the first frame's whole cost. `onBoxSize` is
 * given each reading of the box's size to apply (the hook applies it in a transition).
 */
export function rowOptions(
  core: Pick<VirtualCore, 'observeElementRect' | 'observeElementOffset' | 'elementScroll' | 'measureElement'>,
  getScrollElement: () => HTMLElement | null,
  { count, enabled, estimate, overscan, initialHeight }: WindowOptions,
  measured: boolean,
  onBoxSize: (apply: () => void) => void,
) {
  return {
    count,
    enabled,
    getScrollElement,
    estimateSize: () => estimate,
    overscan: measured ? overscan : 0,
    initialRect: { width: 0, height: initialHeight },
    initialOffset: 0,
    observeElementRect: (instance: Rows, report: (rect: { width: number; height: number }) => void) =>
      core.observeElementRect(instance, (rect) => onBoxSize(() => report(rect))),
    observeElementOffset: core.observeElementOffset,
    scrollToFn: core.elementScroll,
    // Called from the row's ref without an entry: the size known so far, never a layout read (and
    // so no change to re-render in the commit). The ResizeObserver's entry brings the real one.
    measureElement: (element: HTMLElement, entry: ResizeObserverEntry | undefined, instance: Rows) =>
      entry
        ? core.measureElement(element, entry, instance)
        : (instance.itemSizeCache.get(instance.options.getItemKey(instance.indexFromElement(element))) ?? estimate),
  } satisfies Partial<VirtualizerOptions<HTMLElement, HTMLElement>>;
}

/** The rows to draw and the spacers around them: before the first item, after the last. */
export function windowOf(rows: Pick<Rows, 'getVirtualItems' | 'getTotalSize'>): Omit<WindowedRows, 'measure'> {
  const items = rows.getVirtualItems();
  const total = rows.getTotalSize();
  const last = items.at(-1);
  return {
    indexes: items.map((item) => item.index),
    before: items[0]?.start ?? 0,
    // No row in the window (a box with no height): the spacer keeps the field's scroll height.
    after: last ? total - last.end : total,
  };
}

/** The rows of the first screen (the server's render, hydration, before the library has come). */
export function firstWindow({ count, estimate, initialHeight }: WindowOptions): Omit<WindowedRows, 'measure'> {
  const drawn = Math.min(count, Math.ceil(initialHeight / estimate));
  return {
    indexes: Array.from({ length: drawn }, (_, i) => i),
    before: 0,
    after: estimate * (count - drawn),
  };
}

export function useWindowedRows(scroller: RefObject<HTMLElement | null>, options: WindowOptions): WindowedRows {
  const { enabled } = options;
  // Whether the box has reported its size: the overscan waits for it (see rowOptions).
  const [measured, setMeasured] = useState(false);
  const [core, setCore] = useState<VirtualCore | undefined>(loaded);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!enabled || core) return;
    let current = true;
    void loadVirtualCore().then((module) => current && setCore(module));
    return () => {
      current = false;
    };
  }, [enabled, core]);
  const resolved = core
    ? {
        ...rowOptions(
          core,
          () => scroller.current,
          options,
          measured,
          // The box's real height replaces the assumed one without holding up the first frames.
          (apply: () => void) =>
            startTransition(() => {
              apply();
              setMeasured(true);
            }),
        ),
        // Scrolling and measuring re-render as ordinary updates, never flushed within a callback.
        onChange: () => rerender(),
      }
    : undefined;
  // One virtualizer for the table's life once the library is here; its options follow each render.
  const rows = useMemo(() => (core && resolved ? new core.Virtualizer(resolved) : undefined), [core]); // eslint-disable-line react-hooks/exhaustive-deps -- created once; setOptions below keeps it current
  if (rows && resolved) rows.setOptions(resolved);
  useLayoutEffect(() => rows?._didMount(), [rows]);
  useLayoutEffect(() => rows?._willUpdate());
  const measure = useCallback(
    (element: HTMLElement | null) => {
      rows?.measureElement(element);
      return undefined;
    },
    [rows],
  );
  if (!enabled) return { indexes: Array.from({ length: options.count }, (_, i) => i), before: 0, after: 0, measure };
  return { ...(rows ? windowOf(rows) : firstWindow(options)), measure };
}
