import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { openDemoService } from '../support/demoService';
import { namesDirectoryCode } from '../../src/core/namesDirectory';

/**
 * Issue 15, item 1: a report that cannot be kept on disk (a full disk, a failed write) is still
 * answered whole, and leaves no partial copy; a partial copy left by an earlier version (0 bytes)
 * is rendered again instead of being served for good.
 */
let service: Service;
const servers: Server[] = [];
let report: { code: string; version: number; file: string };

async function serveWith(dataDir: string): Promise<string> {
  const server = createPodiumServer(service, {
    config: { ...readConfig({}), dataDir },
    distDir: '/nonexistent',
    version: 'test',
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  service = await openDemoService();
  const list = service.store.json<{ reports: { code: string; docType: string; version: number; file: string }[] }>(
    'REPORT_LIST',
    'BKB'.padEnd(34, '-'),
  )!;
  report = list.reports.find((r) => r.docType === 'C73')!;
}, 600_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  service.close();
});

const isWholePdf = (bytes: Buffer) =>
  bytes.subarray(0, 5).toString('latin1') === '%PDF-' && bytes.subarray(-1024).toString('latin1').includes('%%EOF');

describe('reports kept on disk', () => {
  it('are answered whole when they cannot be written, leaving no partial file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'podium-report-fault-'));
    // The cache folder cannot be made: every write fails, as on a full disk.
    mkdirSync(join(dataDir, 'reports'));
    writeFileSync(join(dataDir, 'reports', 'cache'), 'a file where the folder should be');
    const base = await serveWith(dataDir);
    const logged: string[] = [];
    const original = console.error;
    console.error = (message: string) => void logged.push(message);
    try {
      for (let i = 0; i < 2; i += 1) {
        const res = await fetch(`${base}${report.file}`);
        expect(res.status, logged.join('\n')).toBe(200);
        expect(isWholePdf(Buffer.from(await res.arrayBuffer()))).toBe(true);
      }
    } finally {
      console.error = original;
    }
    expect(logged.join('\n')).toMatch(/not kept on disk/);
    expect(readdirSync(join(dataDir, 'reports'))).toEqual(['cache']);
  });

  it('render again a copy an earlier version left empty, and keep the whole one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'podium-report-fault-'));
    const cache = join(dataDir, 'reports', 'cache');
    mkdirSync(cache, { recursive: true });
    // A report's file carries its result's version and its names directory's.
    const names = service.store.get('NAMES', namesDirectoryCode(report.code))?.version ?? 0;
    const file = `${report.code}-C73-${report.version}.${names}.pdf`;
    const kept = join(cache, file);
    writeFileSync(kept, '');
    const base = await serveWith(dataDir);
    const res = await fetch(`${base}${report.file}`);
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    expect(isWholePdf(body)).toBe(true);
    expect(readFileSync(kept).equals(body)).toBe(true);
    expect(readdirSync(cache)).toEqual([file]);
  });
});
