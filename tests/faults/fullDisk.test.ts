import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import { memoryService, snapshot } from '../server/helpers';

/**
 * Issue 15, item 1: a store that cannot grow (a full disk; here SQLite's own limit on the file's
 * pages, which fails a write with SQLITE_FULL exactly as a full disk does) answers a posted message
 * with a clear 503 and Retry-After, writes nothing of it, and takes it once there is room.
 */
describe('ingest on a full disk', () => {
  it('answers 503 with the reason, keeps the store as it was, and stores the message once there is room', async () => {
    const service = await memoryService();
    const token = 'full-disk-test-token';
    const server = createPodiumServer(service, {
      config: readConfig({ PODIUM_ADMIN_TOKEN: token }),
      distDir: '/nonexistent-dist',
      version: 'test',
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const rows = Array.from(
      { length: 400 },
      (_, i) =>
        `<Result Rank="${i + 1}" Result="48.${i}" SortOrder="${i + 1}"><Competitor Code="${1000 + i}" Type="A" Organisation="GDG"><Composition><Athlete Code="${1000 + i}" Order="1"><Description GivenName="Wei${i}" FamilyName="Zhang" Gender="M" Organisation="GDG"/></Athlete></Composition></Competitor></Result>`,
    ).join('');
    const message = `<OdfBody DocumentType="DT_RESULT" DocumentCode="SWMM100MFR------------FNL-000100--" Version="1" ResultStatus="LIVE"><Competition>${rows}</Competition></OdfBody>`;
    const post = () =>
      fetch(`${base}/api/internal/odf`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: message,
      });
    try {
      const pages = service.db.pragma('page_count', { simple: true }) as number;
      service.db.pragma(`max_page_count = ${pages}`);
      const before = snapshot(service);
      const full = await post();
      expect(full.status).toBe(503);
      expect(full.headers.get('retry-after')).toBe('30');
      expect(((await full.json()) as { error: { message: string } }).error.message).toMatch(
        /not stored: the store cannot be written \(SQLITE_FULL/,
      );
      expect(snapshot(service)).toBe(before);
      service.db.pragma('max_page_count = 1073741823');
      const room = await post();
      expect(room.status).toBe(201);
      expect(service.store.get('DT_RESULT', 'SWMM100MFR------------FNL-000100--')?.version).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      service.close();
    }
  });
});
