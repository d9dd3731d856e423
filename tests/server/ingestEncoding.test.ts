import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, createGzip, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { createPodiumServer, type PodiumServer } from '../../src/server/http/server';
import { openService, type Service } from '../../src/server/service';
import { MB, readSample, SAMPLES_DIR } from './helpers';

/**
 * Issue 24 item 4: a message posted with Content-Encoding gzip, deflate or br is decompressed as a
 * stream within PODIUM_MAX_MESSAGE_MB counted after decompression; an unknown encoding is 415, a
 * corrupt body 400; the message log keeps each outcome. The real server (with its ingest thread) on
 * loopback, a real SQLite store in a temporary folder.
 */
const TOKEN = 'test-token-encoding-0123456789';
const PORT = 18410;
const LIMIT_MB = 4;

let dataDir: string;
let service: Service;
let server: PodiumServer;
const base = `http://127.0.0.1:${PORT}`;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'podium-encoding-'));
  service = await openService({ dataDir, maxMessageBytes: LIMIT_MB * MB });
  server = createPodiumServer(service, {
    config: readConfig({
      PODIUM_ADMIN_TOKEN: TOKEN,
      PODIUM_DATA: dataDir,
      PODIUM_MAX_MESSAGE_MB: String(LIMIT_MB),
      PODIUM_COMPETITION_CODES: '*',
    }),
    distDir: '/nonexistent-dist',
    version: 'test',
    threads: { render: 0, ingest: true },
  });
  await server.ready;
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = async (body: Uint8Array, encoding?: string) => {
  const res = await fetch(`${base}/api/internal/odf`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, ...(encoding === undefined ? {} : { 'Content-Encoding': encoding }) },
    body: new Uint8Array(body),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
};

interface LogRow {
  outcome: string;
  error: string | null;
  reason: string | null;
  type: string | null;
  code: string | null;
  size: number;
  kept: number;
}
/** The newest row of the message log (written by the ingest thread's connection). */
const lastLogged = (): LogRow =>
  service.db
    .prepare(
      'SELECT outcome, error, reason, type, code, size, body IS NOT NULL AS kept FROM messages ORDER BY id DESC LIMIT 1',
    )
    .get() as LogRow;

/** A sample schedule, by its discipline (the rest of its file name is a timestamp and a suffix). */
function sampleNamed(discipline: string): Buffer {
  const prefix = `20221223${discipline}`;
  const name = readdirSync(SAMPLES_DIR).find((file) => file.startsWith(prefix));
  if (!name) throw new Error(`no sample for ${discipline}`);
  return readSample(join(SAMPLES_DIR, name));
}
describe('compressed ingest', () => {
  it.each([
    ['gzip', 'ATH', gzipSync],
    ['deflate', 'BKB', deflateSync],
    ['br', 'DIV', brotliCompressSync],
  ] as const)('takes a message sent as %s, readable afterwards over the API', async (encoding, discipline, pack) => {
    const xml = sampleNamed(discipline);
    const code = discipline.padEnd(34, '-');
    const res = await post(pack(xml), encoding);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ outcome: 'stored', documentType: 'DT_SCHEDULE', documentCode: code });
    const document = await fetch(`${base}/api/crs/odf/json/DT_SCHEDULE/${code}`);
    expect(document.status).toBe(200);
    expect(JSON.stringify(await document.json())).toContain(code);
    // The log keeps the message as ingested: decompressed, so that a replay reads it as XML.
    expect(lastLogged()).toMatchObject({ outcome: 'stored', type: 'DT_SCHEDULE', code, size: xml.length, kept: 1 });
  });

  it('takes identity as no encoding at all', async () => {
    const res = await post(sampleNamed('CER'), 'identity');
    expect(res.status).toBe(201);
  });

  it('answers a gzip bomb (1 GB of zeros in about 1 MB) 413 without unfolding it', async () => {
    const bomb = await gzipOfZeros(1024 * MB);
    expect(bomb.length).toBeLessThan(2 * MB);
    const before = process.memoryUsage();
    let peak = before.rss;
    const watch = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const res = await post(bomb, 'gzip');
    clearInterval(watch);
    expect(res.status).toBe(413);
    expect(res.headers.get('x-ingest-error')).toBe('too-large');
    expect(String((res.json.error as { message: string }).message)).toMatch(
      /over the limit of 4194304 bytes once decompressed/,
    );
    // Reading stopped just past the limit (one decompressed chunk more at most), far from 1 GB.
    const row = lastLogged();
    expect(row).toMatchObject({ outcome: 'rejected', error: 'too-large', kept: 0 });
    expect(row.size).toBeGreaterThan(LIMIT_MB * MB);
    expect(row.size).toBeLessThan(LIMIT_MB * MB + MB);
    expect(peak - before.rss).toBeLessThan(200 * MB);
  }, 30_000);

  it('answers a body over the limit before decompression 413 as well', async () => {
    // Incompressible bytes: the gzip body itself is over the limit.
    const noise = Buffer.alloc(LIMIT_MB * MB + 1024);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const res = await post(gzipSync(noise, { level: 0 }), 'gzip');
    expect(res.status).toBe(413);
    expect(lastLogged()).toMatchObject({ outcome: 'rejected', error: 'too-large', kept: 0 });
  });

  it.each(['compress', 'zstd', 'gzip, br', 'x-unknown', 'constructor', '__proto__', 'hasownproperty'])(
    'refuses Content-Encoding "%s" with 415 naming it',
    async (encoding) => {
      const res = await post(gzipSync(sampleNamed('FBL')), encoding);
      expect(res.status).toBe(415);
      expect(res.headers.get('x-ingest-error')).toBe('unknown-content-encoding');
      expect(res.headers.get('accept-encoding')).toMatch(/gzip/);
      expect((res.json.error as { message: string }).message).toContain(`"${encoding}"`);
      const row = lastLogged();
      expect(row).toMatchObject({ outcome: 'rejected', error: 'unknown-content-encoding', kept: 0 });
      expect(row.reason).toContain(`"${encoding}"`);
    },
  );

  it.each([
    ['a corrupt gzip body', (packed: Buffer) => flipMiddle(packed)],
    ['a truncated gzip body', (packed: Buffer) => packed.subarray(0, packed.length >> 1)],
    ['plain XML sent as gzip', () => sampleNamed('GAR')],
  ])('refuses %s with 400 and a clear message', async (_name, spoil) => {
    const res = await post(spoil(gzipSync(sampleNamed('GAR'))), 'gzip');
    expect(res.status).toBe(400);
    expect(res.headers.get('x-ingest-error')).toBe('bad-compression');
    expect((res.json.error as { message: string }).message).toMatch(/could not be decompressed as gzip/);
    expect(lastLogged()).toMatchObject({ outcome: 'rejected', error: 'bad-compression', kept: 0 });
  });

  it('still answers after all that (no stuck reads)', async () => {
    const res = await post(gzipSync(sampleNamed('ATH')), 'gzip');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ outcome: 'unchanged' });
  });
});

/** Flips bytes in the middle of the deflate data, so that it does not inflate (or fails its CRC). */
function flipMiddle(packed: Buffer): Buffer {
  const spoiled = Buffer.from(packed);
  for (let i = spoiled.length >> 1; i < (spoiled.length >> 1) + 16; i += 1) spoiled[i] = spoiled[i]! ^ 0xff;
  return spoiled;
}

/** The gzip of `size` zero bytes, compressed as a stream (the zeros are never held whole). */
function gzipOfZeros(size: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const gzip = createGzip({ level: 9 });
    const chunks: Buffer[] = [];
    gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
    gzip.on('end', () => resolve(Buffer.concat(chunks)));
    gzip.on('error', reject);
    const zeros = Buffer.alloc(MB);
    let written = 0;
    const write = () => {
      while (written < size) {
        written += zeros.length;
        if (!gzip.write(zeros)) return void gzip.once('drain', write);
      }
      gzip.end();
    };
    write();
  });
}
