import fc from 'fast-check';
import { createElement, useRef } from 'react';
import { renderToString } from 'react-dom/server';
import * as core from '@tanstack/virtual-core';
import { elementScroll, observeElementOffset, Virtualizer } from '@tanstack/virtual-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  firstWindow,
  rowOptions,
  useWindowedRows,
  windowOf,
  type WindowOptions,
} from '../../src/web/widgets/table/virtualRows';

const FIELD: WindowOptions = { count: 5000, enabled: true, estimate: 41, overscan: 12, initialHeight: 720 };
/** A field's row count, row height estimate and first screen's height, as the properties vary them. */
const fieldShapes = [
  fc.integer({ min: 0, max: 3000 }),
  fc.integer({ min: 10, max: 120 }),
  fc.integer({ min: 1, max: 2000 }),
] as const;

/** A table's use of the hook, drawn on the server (where no ref is attached): its rows and spacers. */
function Probe(options: WindowOptions) {
  const scroller = useRef<HTMLDivElement>(null);
  const { indexes, before, after } = useWindowedRows(scroller, options);
  return createElement(
    'div',
    { 'data-before': before, 'data-after': after },
    indexes.map((index) => createElement('p', { key: index, 'data-index': index })),
  );
}

function serverRender(options: WindowOptions) {
  const html = renderToString(createElement(Probe, options));
  return {
    indexes: [...html.matchAll(/data-index="(\d+)"/g)].map((match) => Number(match[1])),
    before: Number(/data-before="([\d.]+)"/.exec(html)?.[1]),
    after: Number(/data-after="([\d.]+)"/.exec(html)?.[1]),
  };
}

describe('windowed rows, drawn on the server (and so at hydration)', () => {
  it('draws only the first screen of a long field, no overscan', () => {
    // What tests/e2e/units.test.ts finds in the marathon's HTML: 720 px of 41 px rows.
    const { indexes, before, after } = serverRender(FIELD);
    expect(indexes).toEqual(Array.from({ length: Math.ceil(720 / 41) }, (_, i) => i));
    expect(before).toBe(0);
    expect(after).toBe(41 * (5000 - indexes.length));
  });

  it('draws the rows that cover the assumed height, whatever the estimate', () => {
    fc.assert(
      fc.property(...fieldShapes, (count, estimate, initialHeight) => {
        const { indexes, before, after } = serverRender({ ...FIELD, count, estimate, initialHeight });
        const drawn = Math.min(count, Math.ceil(initialHeight / estimate));
        expect(indexes).toEqual(Array.from({ length: drawn }, (_, i) => i));
        expect(before).toBe(0);
        expect(after).toBe(estimate * (count - drawn));
      }),
      { numRuns: 60 },
    );
  });

  it('draws every row, without spacers, when not windowed', () => {
    const { indexes, before, after } = serverRender({ ...FIELD, count: 30, enabled: false });
    expect(indexes).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect([before, after]).toEqual([0, 0]);
  });
});

/**
 * The browser's side without a DOM (the unit project runs in node, with no jsdom): the virtualizer
 * the hook builds, on a stand-in scroll box, its window and ResizeObserver. What React adds (the
 * transition, the re-render) is left to tests/e2e/units.test.ts.
 */
describe('windowed rows in the browser', () => {
  class Observer {
    static last: Observer | undefined;
    readonly watched = new Set<Element>();
    constructor(readonly deliver: (entries: ResizeObserverEntry[]) => void) {
      Observer.last = this;
    }
    observe(target: Element) {
      this.watched.add(target);
    }
    unobserve(target: Element) {
      this.watched.delete(target);
    }
    disconnect() {
      this.watched.clear();
    }
  }

  const view = {
    ResizeObserver: Observer,
    setTimeout,
    clearTimeout,
    requestAnimationFrame: (run: () => void) => setTimeout(run, 0),
    cancelAnimationFrame: clearTimeout,
  };
  const listeners = new Map<string, () => void>();
  const box = {
    ownerDocument: { defaultView: view },
    clientWidth: 390,
    clientHeight: 600,
    scrollTop: 0,
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
    scrollTo({ top }: { top: number }) {
      box.scrollTop = top;
    },
  } as unknown as HTMLElement & { scrollTop: number };
  /** A drawn row: reading its height outside the observer's entry is the layout read to avoid. */
  const row = (index: number) =>
    ({
      isConnected: true,
      getAttribute: () => String(index),
      get offsetHeight(): number {
        throw new Error(`row ${index} measured by a layout read`);
      },
    }) as unknown as HTMLElement;
  const entry = (target: HTMLElement, blockSize: number) =>
    ({ target, borderBoxSize: [{ blockSize, inlineSize: 390 }] }) as unknown as ResizeObserverEntry;

  let unmount = () => {};
  afterEach(() => unmount());

  function mount(measured: boolean) {
    const onChange = vi.fn();
    const applied: (() => void)[] = [];
    const options = (isMeasured: boolean) => ({
      ...rowOptions(
        core,
        () => box,
        FIELD,
        isMeasured,
        (apply: () => void) => {
          applied.push(apply);
          apply();
        },
      ),
      observeElementOffset,
      scrollToFn: elementScroll,
      onChange,
    });
    const rows = new Virtualizer<HTMLElement, HTMLElement>(options(measured));
    unmount = rows._didMount();
    rows._willUpdate();
    // The box's reading moved the window: that re-render is the mount's.
    onChange.mockClear();
    return { rows, onChange, applied, remeasured: () => rows.setOptions(options(true)) };
  }

  it('draws, before it reads the box, the rows drawn while the library was loading: nothing moves when it comes', () => {
    fc.assert(
      fc.property(...fieldShapes, (count, estimate, initialHeight) => {
        const options = { ...FIELD, count, estimate, initialHeight };
        const rows = new Virtualizer<HTMLElement, HTMLElement>({
          ...rowOptions(
            core,
            () => box,
            options,
            false,
            (apply) => apply(),
          ),
          onChange: () => {},
        });
        const { indexes, before, after } = windowOf(rows);
        expect({ indexes, before, after }).toEqual(firstWindow(options));
      }),
      { numRuns: 60 },
    );
  });

  it('reads the box, then draws its rows and the overscan', () => {
    const { rows, applied, remeasured } = mount(false);
    // The box's size is handed to the hook to apply (in a transition) as it is read.
    expect(applied).toHaveLength(1);
    expect(windowOf(rows).indexes).toEqual(Array.from({ length: Math.ceil(600 / 41) }, (_, i) => i));
    remeasured();
    const { indexes, before, after } = windowOf(rows);
    expect(indexes).toEqual(Array.from({ length: Math.ceil(600 / 41) + 12 }, (_, i) => i));
    expect(before).toBe(0);
    expect(after).toBe(41 * (5000 - indexes.length));
  });

  it('measures a drawn row by its observer entry, never in the ref', () => {
    const { rows, onChange } = mount(true);
    const open = row(3);
    rows.measureElement(open);
    expect(onChange).not.toHaveBeenCalled();
    expect(Observer.last?.watched.has(open)).toBe(true);
    // Its details open: 120 px, not 41. The rows after it move down, the field grows.
    Observer.last?.deliver([entry(open, 120)]);
    expect(onChange).toHaveBeenCalledTimes(1);
    const { indexes, after } = windowOf(rows);
    expect(rows.getTotalSize()).toBe(41 * 5000 + 120 - 41);
    expect(after).toBe(41 * (5000 - 1 - indexes.at(-1)!));
    // A reading at the size known changes nothing: no re-render.
    Observer.last?.deliver([entry(open, 120)]);
    rows.measureElement(open);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('follows the scroll: the rows in view and the overscan either side, spacers for the rest', () => {
    const { rows, onChange } = mount(true);
    box.scrollTop = 41 * 2000 + 10;
    listeners.get('scroll')?.();
    expect(onChange).toHaveBeenCalled();
    const { indexes, before, after } = windowOf(rows);
    expect(indexes[0]).toBe(2000 - 12);
    expect(indexes.at(-1)).toBe(2000 + Math.ceil((600 + 10) / 41) - 1 + 12);
    expect(before).toBe(41 * indexes[0]!);
    expect(before + 41 * indexes.length + after).toBe(41 * 5000);
    box.scrollTop = 0;
  });
});
