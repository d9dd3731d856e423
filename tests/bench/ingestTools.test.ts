import { describe, expect, it } from 'vitest';
import { threadRole, threadRoles } from './ingestTools';

describe("bench:ingest's thread roles", () => {
  it('counts a thread by the name serveThread gives it, else by whose main thread it is', () => {
    expect(threadRole('podium-writer\n', false, true)).toBe('writer');
    expect(threadRole('podium-deriver\n', false, true)).toBe('deriver');
    expect(threadRole('podium-render\n', false, false)).toBe('renders');
    expect(threadRole('podium-receiver\n', false, false)).toBe('receivers');
    expect(threadRole('node\n', true, false)).toBe('serving');
    expect(threadRole('node\n', true, true)).toBe('primary');
    expect(threadRole('V8Worker\n', false, false)).toBe('helpers');
  });

  it('sums what each role used between two looks, as shares of the time between them', () => {
    const before = new Map([
      ['1', { role: 'renders' as const, cpu: 100, waited: 0 }],
      ['2', { role: 'renders' as const, cpu: 0, waited: 0 }],
    ]);
    const after = new Map([
      ['1', { role: 'renders' as const, cpu: 600, waited: 250 }],
      ['2', { role: 'renders' as const, cpu: 500, waited: 250 }],
      ['3', { role: 'writer' as const, cpu: 200, waited: 0 }],
    ]);
    const roles = threadRoles(before, after, 1000);
    expect(roles.get('renders')).toEqual({ cpu: 1, waited: 0.5 });
    expect(roles.get('writer')).toEqual({ cpu: 0.2, waited: 0 });
    expect(roles.get('serving')).toEqual({ cpu: 0, waited: 0 });
  });
});
