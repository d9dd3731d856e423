import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { FailedAttempts } from '../../src/server/http/failedAttempts';
import { createPodiumServer } from '../../src/server/http/server';
import { memoryService } from '../server/helpers';

/** Issue 15, item 7: about 30,000 wrong tokens at 7,000/s were all answered; now a client is braked. */
describe('a brake on token guessing', () => {
  it('refuses a client after ten wrong tokens in a minute, even with the right one, and not others', async () => {
    const service = await memoryService();
    const token = 'the-right-token-for-this-test';
    const server = createPodiumServer(service, {
      config: readConfig({ PODIUM_ADMIN_TOKEN: token }),
      distDir: '/nonexistent-dist',
      version: 'test',
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Behind deploy/nginx.conf the client is the address nginx forwards.
    const post = (bearer: string, client: string) =>
      fetch(`${base}/api/internal/odf`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${bearer}`, 'X-Forwarded-For': client },
        body: '<notOdf/>',
      });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) statuses.push((await post(`guess-${i}`, '203.0.113.7')).status);
      expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
      const braked = await post(token, '203.0.113.7');
      expect(braked.status).toBe(429);
      expect(Number(braked.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another client (the venue's relay) is not held by the guesser: its right token gets through.
      expect((await post(token, '198.51.100.20')).status).toBe(400);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      service.close();
    }
  });

  it('lets a client try again once its window has passed, and forgets the oldest clients first', () => {
    let now = 0;
    const attempts = new FailedAttempts(3, 60_000, 2, () => now);
    for (let i = 0; i < 3; i += 1) attempts.fail('a');
    expect(attempts.blockedFor('a')).toBe(60);
    now = 30_000;
    expect(attempts.blockedFor('a')).toBe(30);
    now = 60_000;
    expect(attempts.blockedFor('a')).toBe(0);
    for (let i = 0; i < 3; i += 1) attempts.fail('b');
    attempts.fail('c');
    attempts.fail('d'); // three clients in a memory of two: b, the oldest, is forgotten
    expect(attempts.blockedFor('b')).toBe(0);
  });
});
