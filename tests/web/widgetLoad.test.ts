import { describe, expect, it } from 'vitest';
import { WIDGETS } from '../../src/generated/widgets';
import { loadWidget, preloadWidgets, widgetKindsIn } from '../../src/web/widgets/load';

describe("a widget's own chunk", () => {
  it('is loaded once, and drawn at once after (React reads the settled promise without waiting)', async () => {
    const first = loadWidget('bracket');
    expect(loadWidget('bracket')).toBe(first);
    const Widget = await first;
    expect(typeof Widget).toBe('function');
    expect(first).toMatchObject({ status: 'fulfilled', value: Widget });
  });

  it('is found for the sections of a page, wherever its data holds them, and not inside their views', () => {
    const data = {
      loaderData: {
        unit: {
          section: {
            id: 'result',
            title: 'R',
            widget: 'table',
            view: { kind: 'table', rows: [{ widget: 'x', id: 'y' }] },
          },
          scoreboard: { id: 'scoreboard', title: 'S', widget: 'scoreboard' },
          sections: [{ id: 'b', title: 'B', widget: 'bracket' }],
        },
      },
    };
    expect([...widgetKindsIn(data)].sort()).toEqual(['bracket', 'scoreboard', 'table']);
  });

  it('ignores kinds no folder has, and a load that fails fails only its panel, and is asked again next time', async () => {
    await expect(preloadWidgets(['spaceship', 'toString'])).resolves.toBeUndefined();
    const definition = WIDGETS.poolStanding as { load: () => Promise<unknown> };
    const real = definition.load;
    let calls = 0;
    Object.defineProperty(definition, 'load', {
      configurable: true,
      value: () => {
        calls += 1;
        return Promise.reject(new Error('network down'));
      },
    });
    try {
      await expect(preloadWidgets(['poolStanding'])).resolves.toBeUndefined();
      await expect(loadWidget('poolStanding')).rejects.toThrow('network down');
      expect(calls).toBe(2);
    } finally {
      Object.defineProperty(definition, 'load', { configurable: true, value: real });
    }
    expect(typeof (await loadWidget('poolStanding'))).toBe('function');
  });
});
