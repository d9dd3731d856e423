import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { timeSlot } from '../../src/server/publish/publishedFolder';
import { odf, UNIT, unitSchedule } from './helpers';
import { startDeployNginx, type TestNginx } from '../support/nginx';
import { startPodium, type RunningPodium } from '../support/podiumProcess';
import { siteBuild } from '../support/siteBuild';

/**
 * Issue 46 part 5: the edge never shows an error page or goes back in time. `npm start` (two server
 * processes, the real SQLite store) writes what it answers into PODIUM_PUBLISH_DIR, and Debian's
 * nginx runs deploy/nginx.conf as it is (paths and ports set) in front. Readers get the live
 * result's document, its unit page and the schedule page, in gzip and not, first through nginx's
 * cache (which keeps that first version), then as published files; a newer result is posted, and
 * readers get it. Then the origin stops (cleanly, or killed) and the time slot turns (nginx's
 * `$podium_slot` set to the next slot and nginx reloaded, as 1,000 s later: the published files
 * are in the slot before) with the cache's copies past their freshness: every URL is still answered
 * 200, with the newest version a reader got, never nginx's error page nor the cache's older copy.
 */
const TOKEN = 'edge-origin-down-token';
const DOCUMENT = `/api/crs/odf/json/DT_RESULT/${UNIT}`;
const URLS = [DOCUMENT, `/${UNIT}`, '/schedule/total'];
const ENCODINGS = { gzip: { 'Accept-Encoding': 'gzip' }, identity: {} } as const;
type Encoding = keyof typeof ENCODINGS;

/** A result of UNIT: eight swimmers, the first's time `time` (over 1 KB: it has a gzip copy). */
const result = (time: string, version: string) =>
  odf(
    { DocumentType: 'DT_RESULT', DocumentCode: UNIT, Version: version, ResultStatus: 'LIVE' },
    `<Competition>${Array.from({ length: 8 }, (_, i) => {
      const code = String(1001 + i);
      const mark = i === 0 ? time : `${49 + i}.${String(10 + i)}`;
      return `<Result Rank="${i + 1}" Result="${mark}" SortOrder="${i + 1}"><Competitor Code="${code}" Type="A" Organisation="GDG"><Composition><Athlete Code="${code}" Order="1"><Description GivenName="Swimmer${i}" FamilyName="Lane${i}" Gender="M" Organisation="GDG"/></Athlete></Composition></Competitor></Result>`;
    }).join('')}</Competition>`,
  );
/** The schedule with UNIT in `status`. */
const schedule = (status: string, version: string) =>
  Buffer.from(
    unitSchedule()
      .toString()
      .replace('ScheduleStatus="RUNNING"', `ScheduleStatus="${status}"`)
      .replace('Version="1"', `Version="${version}"`),
  );

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent, decompressed when gzip. */
  text: string;
}

/** One request on a connection of its own (a reloaded nginx's new workers take new connections). */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ port, host: '127.0.0.1', path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString();
        resolve({ status: res.statusCode!, headers: res.headers, text });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function post(url: string, message: Buffer): Promise<void> {
  const res = await fetch(`${url}api/internal/odf`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/xml' },
    body: new Uint8Array(message),
  });
  expect(res.status, await res.text()).toBe(201);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks until `ok` holds of the answer (the publisher writes within a moment), at most 20 s. */
async function until(ask: () => Promise<Answer>, ok: (answer: Answer) => boolean, what: string): Promise<Answer> {
  for (let tries = 0; ; tries += 1) {
    const answer = await ask();
    if (ok(answer)) return answer;
    if (tries > 200)
      throw new Error(
        `${what}: still ${answer.status} ${String(answer.headers['x-cache-status'])}${answer.text ? `: ${answer.text}` : ''}`,
      );
    await sleep(100);
  }
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });
const childPids = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  cleanup = [];
});
beforeAll(() => siteBuild(), 300_000);

/** The headers a reader's browser acts on: the last copy is sent with the published file's. */
const READER_HEADERS = [
  'content-type',
  'content-encoding',
  'etag',
  'cache-control',
  'vary',
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-resource-policy',
  'permissions-policy',
];

type Scenario = { readonly origin: 'stopped' | 'killed'; readonly slotTurns: 'while up' | 'while down' };

describe('nginx in front of the published files, the origin down', () => {
  it.each<Scenario>([
    { origin: 'stopped', slotTurns: 'while down' },
    { origin: 'killed', slotTurns: 'while down' },
    { origin: 'stopped', slotTurns: 'while up' },
  ])(
    'answers every URL a reader got with the newest version sent: the origin $origin, the slot turning $slotTurns',
    async ({ origin, slotTurns }) => {
      const data = mkdtempSync(join(tmpdir(), 'podium-edge-data-'));
      const published = mkdtempSync(join(tmpdir(), 'podium-edge-published-'));
      cleanup.push(async () => rmSync(data, { recursive: true, force: true }));
      cleanup.push(async () => rmSync(published, { recursive: true, force: true }));
      const service: RunningPodium = await startPodium({
        PODIUM_DATA: data,
        PODIUM_DEMO: '0',
        PODIUM_PUBLISH_DIR: published,
        PODIUM_ADMIN_TOKEN: TOKEN,
        PODIUM_COMPETITION_CODES: '*',
      });
      onTestFailed(() => console.error(`the service's output:\n${service.log()}`));
      // The primary and its two servers, each stopped by its id.
      const processes = [service.pid, ...childPids(service.pid)];
      cleanup.push(async () => {
        for (const pid of processes) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // gone already
          }
        }
      });
      const originPort = Number(new URL(service.url).port);
      const nginx: TestNginx = await startDeployNginx(originPort, published);
      cleanup.push(() => nginx.stop());
      const viaNginx = (path: string, encoding: Encoding) => get(nginx.port, path, ENCODINGS[encoding]);
      const each = async (ask: (path: string, encoding: Encoding) => Promise<void>) => {
        for (const path of URLS) for (const encoding of ['identity', 'gzip'] as const) await ask(path, encoding);
      };

      await post(service.url, schedule('RUNNING', '1'));
      await post(service.url, result('48.10', '1'));
      /** The last answer a reader got, by URL and encoding. */
      const served = new Map<string, Answer>();
      const read = async (path: string, encoding: Encoding) => {
        const answer = await viaNginx(path, encoding);
        expect(answer.status, `${path} ${encoding}`).toBe(200);
        served.set(`${path} ${encoding}`, answer);
        return answer;
      };
      // The first reader of each URL gets it through the cache (which keeps that version, in that
      // encoding); the service publishes it, and the next ones get the file, gzip never cached.
      for (const path of URLS) {
        expect((await read(path, 'identity')).headers['x-cache-status']).toBe('MISS');
        await until(
          () => read(path, 'identity'),
          (a) => a.headers['x-cache-status'] === 'FILE',
          path,
        );
        expect((await read(path, 'gzip')).headers['x-cache-status']).toBe('FILE');
      }
      expect(served.get(`${DOCUMENT} gzip`)?.headers['content-encoding']).toBe('gzip');

      // A newer result and schedule: the files are replaced, and readers get them.
      await post(service.url, result('47.90', '2'));
      await post(service.url, schedule('FINISHED', '2'));
      for (const path of URLS.slice(0, 2))
        for (const encoding of ['identity', 'gzip'] as const)
          await until(
            () => read(path, encoding),
            (a) => a.text.includes('47.90'),
            `${path} ${encoding}`,
          );
      await each(async (path, encoding) => void (await read(path, encoding)));
      for (const [url, answer] of served) expect(answer.headers['x-cache-status'], url).toBe('FILE');

      /** What is not the newest version a reader was sent, one line a URL and encoding: nothing. */
      const notNewest = async (sameFile: boolean) => {
        const wrong: string[] = [];
        await each(async (path, encoding) => {
          const before = served.get(`${path} ${encoding}`)!;
          const answer = await viaNginx(path, encoding);
          const differs =
            answer.status !== 200
              ? 'status'
              : answer.text !== before.text
                ? 'body'
                : sameFile
                  ? READER_HEADERS.find((name) => answer.headers[name] !== before.headers[name])
                  : undefined;
          if (differs)
            wrong.push(
              `${path} ${encoding}: ${differs} (${answer.status} ${String(answer.headers['x-cache-status'])}${answer.text.includes('48.10') ? ', the first result' : ''})`,
            );
        });
        return wrong;
      };
      /** nginx's slot set to the next one, as 1,000 s later: nothing is published in it. */
      const turnSlot = async () => {
        const conf = join(nginx.dir, 'nginx.conf');
        const next = timeSlot(Date.now()) + 1;
        const turned = readFileSync(conf, 'utf8')
          .replace(/map \$msec \$podium_slot \{[^}]*\}/, `map $msec $podium_slot { default ${next}; }`)
          .replace('server {', 'server {\n    location = /slot-turned { return 200 "turned"; }');
        expect(turned).toContain(`default ${next};`);
        writeFileSync(conf, turned);
        const master = Number(readFileSync(join(nginx.dir, 'nginx.pid'), 'utf8'));
        const before = childPids(master);
        process.kill(master, 'SIGHUP');
        // Its new workers answer, and the old ones (which may still take a connection) are gone.
        await until(
          () => get(nginx.port, '/slot-turned'),
          (a) => a.status === 200,
          'nginx reloading',
        );
        await until(
          async () => ({
            status: childPids(master).filter((pid) => before.includes(pid)).length,
            headers: {},
            text: '',
          }),
          (a) => a.status === 0,
          'the old nginx workers stopping',
        );
      };

      if (slotTurns === 'while up') {
        // What has no file in the slot is the origin's to answer, never the older copy nginx's
        // cache keeps: the newest version again (once the server process asked has rendered it).
        await turnSlot();
        await each(async (path, encoding) => {
          const answer = await viaNginx(path, encoding);
          expect([answer.status, answer.headers['x-cache-status']], `${path} ${encoding}`).toEqual([200, 'BYPASS']);
        });
        await until(
          async () => {
            // The URLs not the newest and how, named in the failure's message.
            const wrong = await notNewest(false);
            return { status: wrong.length, headers: {}, text: wrong.join('; ') };
          },
          (a) => a.status === 0,
          'the origin answering the newest versions',
        );
      }
      if (origin === 'stopped') await service.stop();
      else for (const pid of processes) process.kill(pid, 'SIGKILL');
      await until(
        async () => ({ status: (await refused(originPort)) ? 200 : 0, headers: {}, text: '' }),
        (a) => a.status === 200,
        'the origin stopping',
      );
      // Past the freshness of the cache's copies (max-age=5).
      await sleep(5_500);
      if (slotTurns === 'while down') {
        // Its files stay: a stop or a crash of the whole service leaves nobody to change them.
        expect(await notNewest(true), `the origin ${origin}`).toEqual([]);
        await turnSlot();
      }
      expect(await notNewest(true), `the origin ${origin} and the slot turned`).toEqual([]);
      await each(async (path, encoding) =>
        expect((await viaNginx(path, encoding)).headers['x-cache-status'], `${path} ${encoding}`).toBe('LAST'),
      );
      expect(readFileSync(join(nginx.dir, 'error.log'), 'utf8')).not.toMatch(/\[(warn|emerg|alert|crit)\]/);
    },
    120_000,
  );
});
