/**
 * The export's fetch of linked files (issue 51): a transient failure (a refused or reset connection,
 * an answer 5xx or 429) is tried again after each of the policy's waits, then reported with its
 * cause; a 404 is a missing file at once; an answer that takes long is waited for, not cut off; a
 * copy held is asked for with its ETag, and a 304 says it is current.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { fetchWithRetries, loopbackGet, type Answer } from '../../src/server/export/fileFetch';

const answer = (status: number, body = ''): Answer => ({ status, body: Buffer.from(body) });

/** A fetch that gives the answers in turn (an Error is thrown), and the waits it was made to sleep. */
function scripted(answers: readonly (Answer | Error)[]) {
  const slept: number[] = [];
  let tries = 0;
  const once = async () => {
    const next = answers[Math.min(tries, answers.length - 1)]!;
    tries += 1;
    if (next instanceof Error) throw next;
    return next;
  };
  const policy = { delays: [10, 20, 30], sleep: async (ms: number) => void slept.push(ms) };
  return { once, policy, slept, tries: () => tries };
}

describe('fetching a linked file', () => {
  it('gives the file, or a missing one at once for a 404', async () => {
    const ok = scripted([answer(200, 'pdf')]);
    expect(await fetchWithRetries('/r.pdf', ok.once, ok.policy)).toEqual({ kind: 'file', body: Buffer.from('pdf') });
    const missing = scripted([answer(404)]);
    expect(await fetchWithRetries('/r.pdf', missing.once, missing.policy)).toEqual({ kind: 'missing', status: 404 });
    expect(missing.tries()).toBe(1);
    expect(missing.slept).toEqual([]);
  });

  it('tries again after a refused connection or a 503, waiting as the policy says', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const flaky = scripted([refused, answer(503, 'report still rendering'), answer(200, 'pdf')]);
    expect(await fetchWithRetries('/r.pdf', flaky.once, flaky.policy)).toMatchObject({ kind: 'file' });
    expect(flaky.slept).toEqual([10, 20]);
  });

  it('ends a failure that lasts with its cause and the tries made', async () => {
    const failing = scripted([answer(500, 'render failed: font missing')]);
    expect(await fetchWithRetries('/r.pdf', failing.once, failing.policy)).toEqual({
      kind: 'failed',
      cause: 'HTTP 500: render failed: font missing',
      tries: 4,
    });
    expect(failing.slept).toEqual([10, 20, 30]);
    const reset = scripted([Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })]);
    expect(await fetchWithRetries('/r.pdf', reset.once, reset.policy)).toMatchObject({
      kind: 'failed',
      cause: 'socket hang up (ECONNRESET)',
    });
  });

  it('asks for a held copy with its ETag and says it is current on a 304', async () => {
    const server = createServer((req, res) => {
      if (req.headers['if-none-match'] === '"C73-4.1"') res.writeHead(304, { ETag: '"C73-4.1"' }).end();
      else res.writeHead(200, { ETag: '"C73-5.1"' }).end('pdf');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const get = loopbackGet(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const policy = { delays: [] };
      expect(await fetchWithRetries('/r.pdf', get, policy, '"C73-4.1"')).toEqual({ kind: 'unchanged' });
      // A copy of another version, or none held: the file and the ETag to keep with it.
      for (const held of ['"C73-3.1"', undefined])
        expect(await fetchWithRetries('/r.pdf', get, policy, held)).toEqual({
          kind: 'file',
          body: Buffer.from('pdf'),
          etag: '"C73-5.1"',
        });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('waits for a slow answer on loopback however long it takes', async () => {
    const server = createServer((_req, res) => setTimeout(() => res.end('late'), 1_500));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const get = loopbackGet(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const late = await get('/reports/x.pdf');
      expect(late.status).toBe(200);
      expect(late.body.toString()).toBe('late');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
