import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeStorage } from '../../src/web/store/storage';
import { checkVersion, RELOAD_GUARD_KEY, VERSION_KEY } from '../../src/web/store/versionCheck';

/** An in-memory Storage; `mode` makes it full or throwing on access. */
function memoryStorage(mode: 'ok' | 'full' | 'throws' = 'ok', initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  const guard = () => {
    if (mode === 'throws') throw new Error('SecurityError: access denied');
  };
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => (guard(), data.get(k) ?? null),
    setItem: (k, v) => {
      guard();
      if (mode === 'full') throw new DOMException('quota exceeded', 'QuotaExceededError');
      data.set(k, String(v));
    },
    removeItem: (k) => void data.delete(k),
  };
}

describe('safe storage', () => {
  it('survives corrupt, full and throwing storage', () => {
    const corrupt = safeStorage(() => memoryStorage('ok', { lookups: '{not json' }));
    expect(corrupt.read('lookups', { v: 0 })).toEqual({ v: 0 });
    expect(safeStorage(() => memoryStorage('full')).write('x', { a: 1 })).toBe(false);
    const throwing = safeStorage(() => memoryStorage('throws'));
    expect(throwing.read('x', 'fallback')).toBe('fallback');
    expect(throwing.write('x', 1)).toBe(false);
    const noStorage = safeStorage(() => {
      throw new Error('no window');
    });
    expect(noStorage.readText('x')).toBeUndefined();
  });

  it('refuses stored data of another shape', () => {
    const storage = safeStorage(() => memoryStorage('ok', { lookups: '{"version":1}' }));
    const isV2 = (v: unknown): v is { version: 2 } => (v as { version?: number })?.version === 2;
    expect(storage.read('lookups', { version: 2 as const }, isV2)).toEqual({ version: 2 });
  });
});

describe('the version check', () => {
  const setup = (versions: string[], storageMode: 'ok' | 'full' | 'throws' = 'ok') => {
    let reloads = 0;
    let i = 0;
    const local = memoryStorage(storageMode);
    const session = memoryStorage('ok');
    return {
      deps: {
        fetchVersion: async () => {
          const v = versions[Math.min(i++, versions.length - 1)]!;
          if (v === 'fail') throw new Error('network');
          return v;
        },
        storage: safeStorage(() => local),
        session: safeStorage(() => session),
        reload: () => void (reloads += 1),
      },
      reloads: () => reloads,
      local,
      session,
    };
  };

  it('stores the first version without reloading, and reloads once on a change', async () => {
    const t = setup(['a', 'a', 'b', 'b']);
    expect(await checkVersion(t.deps)).toBe('stored');
    expect(t.local.getItem(VERSION_KEY)).toBe('a');
    expect(await checkVersion(t.deps)).toBe('same');
    expect(await checkVersion(t.deps)).toBe('reload');
    expect(await checkVersion(t.deps)).toBe('same');
    expect(t.reloads()).toBe(1);
    expect(t.session.getItem(RELOAD_GUARD_KEY)).toBe('b');
  });

  it('never reloads when v.json fails or flaps, nor when storage cannot keep the version', async () => {
    const failing = setup(['fail', 'fail', 'fail']);
    for (let i = 0; i < 3; i += 1) expect(await checkVersion(failing.deps)).toBe('skipped');
    const full = setup(['a', 'b', 'c'], 'full');
    for (let i = 0; i < 3; i += 1) await checkVersion(full.deps);
    expect(full.reloads()).toBe(0);
    const throwing = setup(['a', 'b', 'c'], 'throws');
    for (let i = 0; i < 3; i += 1) await checkVersion(throwing.deps);
    expect(throwing.reloads()).toBe(0);
  });

  it('reloads at most once per real version change, whatever v.json answers (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('a', 'b', 'c', 'fail'), { minLength: 1, maxLength: 30 }),
        async (answers) => {
          const t = setup(answers);
          // A reload that comes back to a page still seeing the same new version must not loop.
          for (let i = 0; i < answers.length; i += 1) await checkVersion(t.deps);
          const seen = answers.filter((v) => v !== 'fail');
          let changes = 0;
          for (let i = 1; i < seen.length; i += 1) if (seen[i] !== seen[i - 1]) changes += 1;
          expect(t.reloads()).toBeLessThanOrEqual(changes);
        },
      ),
    );
  });
});
