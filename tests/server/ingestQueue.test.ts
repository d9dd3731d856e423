import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPodium, type RunningPodium } from '../support/podiumProcess';
import { siteBuild } from '../support/siteBuild';
import { odf } from './helpers';
import { DATABASE_FILE } from '../../src/server/store/dataFolderError';

/**
 * Issue 46: a games day's feed is taken whole. `npm start` as an operator runs it (two server
 * processes, the compiled build, real SQLite on disk): relays posting at once, readers reading,
 * every message logged and applied in order by the one writer, and a crash losing nothing answered.
 */
const TOKEN = 'ingest-queue-test-token';
const UNITS = 40;
const VERSIONS = 20;
const unitCode = (n: number) => `SWMM100MFR------------HEAT${String(n).padStart(4, '0')}00--`;
const result = (unit: number, version: number) =>
  odf(
    { DocumentType: 'DT_RESULT', DocumentCode: unitCode(unit), Version: String(version), ResultStatus: 'LIVE' },
    `<Competition><Result Rank="1" Result="${50 + version / 100}" SortOrder="1"><Competitor Code="${1000 + unit}" Type="A" Organisation="GDG"><Composition><Athlete Code="${1000 + unit}" Order="1"><Description GivenName="Wei" FamilyName="Zhang" Gender="M" Organisation="GDG"/></Athlete></Composition></Competitor></Result></Competition>`,
  );

interface Message {
  readonly unit: number;
  readonly version: number;
}
interface Answer extends Message {
  readonly status: number;
  readonly body: { outcome?: string; logId?: number };
}

/** Every (unit, version) once, in an order that is not the versions' (a fixed shuffle). */
function shuffledMessages(): Message[] {
  const messages: Message[] = [];
  for (let unit = 1; unit <= UNITS; unit += 1)
    for (let version = 1; version <= VERSIONS; version += 1) messages.push({ unit, version });
  let seed = 46;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = messages.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [messages[i], messages[j]] = [messages[j]!, messages[i]!];
  }
  return messages;
}

/** One relay: its messages posted over `lanes` connections at once, each answer kept. */
async function relay(
  service: RunningPodium,
  messages: readonly Message[],
  lanes: number,
  onAnswer?: (answer: Answer) => void,
): Promise<Answer[]> {
  const answers: Answer[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < messages.length) {
        const message = messages[next++]!;
        const res = await fetch(`${service.url}api/internal/odf`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${TOKEN}` },
          body: new Uint8Array(result(message.unit, message.version)),
        }).catch(() => undefined);
        if (!res) return;
        const answer = { ...message, status: res.status, body: (await res.json()) as Answer['body'] };
        answers.push(answer);
        onAnswer?.(answer);
      }
    }),
  );
  return answers;
}

/** Reads the store's file as an operator's tool would, until no message waits for the writer. */
async function settledStore(dataDir: string, timeoutMs = 60_000) {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    const deadline = Date.now() + timeoutMs;
    const queued = db.prepare("SELECT count(*) FROM messages WHERE outcome = 'queued'").pluck();
    while ((queued.get() as number) > 0) {
      if (Date.now() > deadline) throw new Error('messages still queued');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return {
      log: db.prepare("SELECT id, outcome, code, version FROM messages WHERE source LIKE 'http:%'").all() as {
        id: number;
        outcome: string;
        code: string;
        version: number;
      }[],
      versions: new Map(
        (
          db.prepare("SELECT code, version FROM documents WHERE type = 'DT_RESULT'").all() as {
            code: string;
            version: number;
          }[]
        ).map((row) => [row.code, row.version]),
      ),
    };
  } finally {
    db.close();
  }
}

let dataDir: string;
beforeAll(async () => {
  await siteBuild();
  dataDir = mkdtempSync(join(tmpdir(), 'podium-queue-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const env = () => ({ PODIUM_DATA: dataDir, PODIUM_DEMO: '0', PODIUM_ADMIN_TOKEN: TOKEN });

describe('a burst from four relays while readers read', () => {
  it('is logged whole, applied in Version order, with no 5xx; a retry is unchanged', async () => {
    const service = await startPodium(env());
    try {
      const messages = shuffledMessages();
      let reading = true;
      const readerStatuses: number[] = [];
      const readers = Array.from({ length: 4 }, async (_, r) => {
        for (let i = 0; reading; i += 1) {
          const path = i % 2 ? 'v.json' : `api/crs/odf/json/DT_RESULT/${unitCode(((i + r) % UNITS) + 1)}`;
          const res = await fetch(`${service.url}${path}`);
          await res.arrayBuffer();
          readerStatuses.push(res.status);
        }
      });
      const answers = (
        await Promise.all(
          [0, 1, 2, 3].map((r) =>
            relay(
              service,
              messages.filter((_, i) => i % 4 === r),
              4,
            ),
          ),
        )
      ).flat();
      reading = false;
      await Promise.all(readers);

      expect(answers).toHaveLength(UNITS * VERSIONS);
      const statuses = new Set(answers.map((a) => a.status));
      expect([...statuses].filter((s) => ![200, 201, 202].includes(s))).toEqual([]);
      expect(readerStatuses.filter((s) => s >= 500)).toEqual([]);
      expect(readerStatuses.filter((s) => s === 200).length).toBeGreaterThan(50);
      const logIds = new Set(answers.map((a) => a.body.logId));
      expect(logIds.size).toBe(UNITS * VERSIONS);

      const store = await settledStore(dataDir);
      const byId = new Map(store.log.map((row) => [row.id, row]));
      for (const answer of answers) {
        const row = byId.get(answer.body.logId!);
        expect(row, `message ${answer.unit}/${answer.version}`).toBeDefined();
        expect(row!.code).toBe(unitCode(answer.unit));
        expect(row!.version).toBe(answer.version);
        expect(['stored', 'ignored']).toContain(row!.outcome);
      }
      for (let unit = 1; unit <= UNITS; unit += 1) expect(store.versions.get(unitCode(unit))).toBe(VERSIONS);
      // An older Version after the highest was ignored and logged, not stored.
      expect(store.log.some((row) => row.outcome === 'ignored')).toBe(true);

      const retry = await relay(service, [{ unit: 1, version: VERSIONS }], 1);
      expect(retry[0]!.status).toBe(200);
      expect(retry[0]!.body.outcome).toBe('unchanged');
    } finally {
      await service.stop();
    }
  }, 180_000);
});

describe('a crash mid-burst', () => {
  it('loses no message answered before it: the next start applies every one', async () => {
    const service = await startPodium(env());
    const answered: Answer[] = [];
    let crashed: Promise<void> | undefined;
    // Versions above the first test's: each one is new.
    const messages = shuffledMessages().map((m) => ({ unit: m.unit, version: m.version + VERSIONS }));
    await Promise.all(
      [0, 1, 2, 3].map((r) =>
        relay(
          service,
          messages.filter((_, i) => i % 4 === r),
          4,
          (answer) => {
            if (crashed || answer.status >= 300) return;
            answered.push(answer);
            if (answered.length === 200) crashed = service.crash();
          },
        ),
      ),
    );
    await crashed;
    expect(answered.length).toBeGreaterThanOrEqual(200);

    const again = await startPodium(env());
    try {
      const store = await settledStore(dataDir);
      const byId = new Map(store.log.map((row) => [row.id, row]));
      const highest = new Map<number, number>();
      for (const answer of answered) {
        expect(byId.get(answer.body.logId!)?.outcome, `message ${answer.unit}/${answer.version}`).toMatch(
          /^(stored|ignored)$/,
        );
        highest.set(answer.unit, Math.max(highest.get(answer.unit) ?? 0, answer.version));
      }
      for (const [unit, version] of highest)
        expect(store.versions.get(unitCode(unit))!, unitCode(unit)).toBeGreaterThanOrEqual(version);
    } finally {
      await again.stop();
    }
  }, 180_000);
});
