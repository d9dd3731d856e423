/**
 * What `npm run bench:ingest` replays and posts with: a competition day of the demo store, the feed
 * relays that post it over HTTP (as a venue relay does: several messages in flight, a 503 sent again
 * after its Retry-After), the unit pages it watches, and the store's message log read as an
 * operator's tool reads it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { Agent, request } from 'node:http';
import Database from 'better-sqlite3';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One message of the day, its bytes as ODF sent them (only its Version is rewritten when posted). */
export interface DayMessage {
  readonly type: string;
  readonly code: string;
  /** Its discipline (the code's first three letters): which venue relay sends it. */
  readonly discipline: string;
  readonly xml: string;
}

export interface CompetitionDay {
  readonly day: string;
  /** The day's competition units, in the order of their start. */
  readonly units: readonly string[];
  /** The day's messages in the order a feed sends them: by the start of what they are about. */
  readonly messages: readonly DayMessage[];
  /** Each document's stored Version (`type code`): the replay numbers its messages above it. */
  readonly versions: Map<string, number>;
}

/**
 * The entries (sent before the games) are not part of a competition day's feed; everything else
 * about the day's units, their phases, events and disciplines is.
 */
const NOT_OF_A_DAY = new Set(['DT_PARTIC', 'DT_PARTIC_TEAMS']);

interface ScheduledUnit {
  code: string;
  discipline: string;
  event: string;
  phase: string;
  start?: string;
  nonCompetition?: boolean;
}

/**
 * The busiest day of the demo games (the most messages), or `chosen`: the stored messages of its
 * units (results, play by play, current), of their phases and events (phase results, pools,
 * brackets, cumulative results) and of their disciplines (schedule, medallists, records, statistics).
 */
export function competitionDay(storeFile: string, chosen?: string): CompetitionDay {
  const db = new Database(storeFile, { readonly: true });
  try {
    const days = (
      db.prepare("SELECT code, body FROM documents WHERE type = 'SCHEDULE_DAY'").all() as {
        code: string;
        body: string;
      }[]
    ).map(({ code, body }) => ({
      day: code,
      units: (JSON.parse(body) as { units: ScheduledUnit[] }).units.filter((u) => !u.nonCompetition),
    }));
    const messagesOf = (units: readonly ScheduledUnit[]) => {
      // When each document's news comes: a unit's at its start, a phase's or event's after its last
      // unit of the day, a discipline's schedule before its first and its other messages after its last.
      const at = new Map<string, number>();
      const later = (code: string, time: number) => at.set(code, Math.max(at.get(code) ?? -Infinity, time));
      const firstOf = new Map<string, number>();
      for (const unit of units) {
        const time = Date.parse(unit.start ?? '') || 0;
        at.set(unit.code, time);
        later(unit.phase, time + 1);
        later(unit.event, time + 2);
        later(disciplineCode(unit.discipline), time + 3);
        firstOf.set(unit.discipline, Math.min(firstOf.get(unit.discipline) ?? Infinity, time - 1));
      }
      const codes = [...at.keys()];
      const rows = db
        .prepare(
          `SELECT id, type, code, CAST(body AS TEXT) AS xml FROM messages WHERE outcome = 'stored' AND body IS NOT NULL AND code IN (${codes.map(() => '?').join(',')})`,
        )
        .all(...codes) as { id: number; type: string; code: string; xml: string }[];
      return rows
        .filter((row) => !NOT_OF_A_DAY.has(row.type))
        .map((row) => ({
          row,
          time:
            row.type === 'DT_SCHEDULE' || row.type === 'DT_SCHEDULE_UPDATE'
              ? (firstOf.get(row.code.slice(0, 3)) ?? 0)
              : at.get(row.code)!,
        }))
        .sort((a, b) => a.time - b.time || a.row.id - b.row.id)
        .map(({ row }) => ({ type: row.type, code: row.code, discipline: row.code.slice(0, 3), xml: row.xml }));
    };
    const picked = chosen
      ? days.find((d) => d.day === chosen)
      : days
          .map((d) => ({ ...d, count: messagesOf(d.units).length }))
          .sort((a, b) => b.count - a.count || a.day.localeCompare(b.day))[0];
    if (!picked) throw new Error(`no schedule for the day ${chosen}`);
    const messages = messagesOf(picked.units);
    const versions = new Map<string, number>();
    const stored = db.prepare('SELECT version FROM documents WHERE type = ? AND code = ?');
    const logged = db.prepare('SELECT max(version) AS version FROM messages WHERE type = ? AND code = ?');
    for (const { type, code } of messages) {
      const key = documentKey(type, code);
      if (versions.has(key)) continue;
      const current = (stored.get(type, code) as { version: number } | undefined)?.version ?? 0;
      const highest = (logged.get(type, code) as { version: number | null }).version ?? 0;
      versions.set(key, Math.max(current, highest));
    }
    const units = [...picked.units]
      .sort((a, b) => (Date.parse(a.start ?? '') || 0) - (Date.parse(b.start ?? '') || 0))
      .map((u) => u.code);
    return { day: picked.day, units, messages, versions };
  } finally {
    db.close();
  }
}

/** A discipline's document code (`SWM` and 31 dashes). */
const disciplineCode = (discipline: string) => discipline.padEnd(34, '-');

export const documentKey = (type: string, code: string) => `${type} ${code}`;

/** The message with its OdfBody's Version set, everything else as sent. */
export function withVersion(xml: string, version: number): string {
  const rewritten = xml.replace(/(<OdfBody\b[^>]*?\bVersion=")\d+"/, `$1${version}"`);
  if (rewritten === xml && !xml.includes(`Version="${version}"`)) throw new Error('a message without a Version');
  return rewritten;
}

/** The first result value of a result message (`Result="..."` of its first `<Result>`). */
export const firstResult = (xml: string): string | undefined => /<Result\b[^>]*?\bResult="([^"]*)"/.exec(xml)?.[1];

/** The message with the first result value set to `mark`. */
export const withFirstResult = (xml: string, mark: string): string =>
  xml.replace(/(<Result\b[^>]*?\bResult=")[^"]*"/, `$1${mark}"`);

/**
 * A value of the same shape as `value` (its digits replaced, its separators kept, no leading zero)
 * numbered `n`: a time such as 1:34.44 stays a time, so the sport's page shows it as it shows times.
 */
export function markLike(value: string, n: number): string {
  const digits = (value.match(/\d/g) ?? []).length;
  const base = 10 ** Math.max(0, digits - 1);
  const number = String(base + (n % (9 * base)));
  let i = 0;
  return value.replace(/\d/g, () => number[i++] ?? '0');
}

/** What became of one posted message, from its first sending to its row in the log. */
export interface Posting {
  readonly key: string;
  readonly version: number;
  readonly stage: string;
  /** A live unit's marked result (its sending waits for a look at the page first). */
  readonly live?: boolean;
  /** performance.now() of its first sending. */
  sentAt: number;
  /** The status of each sending (0: no answer, the connection failed). */
  readonly statuses: number[];
  /** Of its last answer, when 2xx. */
  answeredAt?: number;
  outcome?: string;
  logId?: number;
  /** When it was no longer `queued`: when the log showed it settled, or its answer said so if that came first. */
  appliedAt?: number;
  /** A marked result's: when its unit page first showed the mark. */
  shownAt?: number;
  /** Why it was given up (not taken after the relay's tries). */
  failed?: string;
}

interface Answer {
  status: number;
  retryAfter?: number;
  body: { outcome?: string; logId?: number };
}

/** A feed relay: its own connections (kept alive), messages sent as they come, at most `inFlight` at once. */
export class Relay {
  private readonly agent: Agent;
  private sending = 0;
  /** The most messages in flight at once since the last look (`peak()`). */
  private most = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly port: number,
    private readonly token: string,
    readonly inFlight: number,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: inFlight });
  }

  /**
   * Sends a message until it is taken: a 503 again after its Retry-After (as a relay must), a failed
   * connection again after a second (at most 5 times); any other answer is final.
   */
  async send(posting: Posting, body: Buffer): Promise<void> {
    await this.slot();
    try {
      for (let tries = 0; ; tries += 1) {
        if (tries === 0) posting.sentAt = performance.now();
        const answer = await this.post(body).catch((error: Error) => error);
        if (answer instanceof Error) {
          posting.statuses.push(0);
          if (tries >= 5) return void (posting.failed = answer.message);
          await sleep(1000);
          continue;
        }
        posting.statuses.push(answer.status);
        if (answer.status === 503 && answer.retryAfter !== undefined) {
          if (tries >= 20) return void (posting.failed = 'still 503 after 20 tries');
          // Its slot is free meanwhile: a relay sends the messages after it while this one waits.
          this.release();
          await sleep(answer.retryAfter * 1000);
          await this.slot();
          continue;
        }
        if (answer.body.logId !== undefined) posting.logId = answer.body.logId;
        if (answer.status >= 200 && answer.status < 300) {
          posting.answeredAt = performance.now();
          posting.outcome = answer.body.outcome ?? '?';
          if (posting.outcome !== 'queued') posting.appliedAt = posting.answeredAt;
        } else posting.failed = `${answer.status}`;
        return;
      }
    } finally {
      this.release();
    }
  }

  close(): void {
    this.agent.destroy();
  }

  private async slot(): Promise<void> {
    while (this.sending >= this.inFlight) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.sending += 1;
    this.most = Math.max(this.most, this.sending);
  }

  /** The most messages in flight at once since the last call. */
  peak(): number {
    const most = this.most;
    this.most = this.sending;
    return most;
  }

  private release(): void {
    this.sending -= 1;
    this.waiting.shift()?.();
  }

  private post(body: Buffer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: this.port,
          path: '/api/internal/odf',
          method: 'POST',
          agent: this.agent,
          headers: {
            Authorization: `Bearer ${this.token}`,
            'Content-Type': 'application/xml',
            'Content-Length': body.byteLength,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            let parsed: Answer['body'] = {};
            try {
              parsed = JSON.parse(Buffer.concat(chunks).toString()) as Answer['body'];
            } catch {
              // not JSON: its status says enough
            }
            const retryAfter = res.headers['retry-after'];
            resolve({
              status: res.statusCode ?? 0,
              body: parsed,
              ...(retryAfter === undefined ? {} : { retryAfter: Number(retryAfter) || 1 }),
            });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }
}

/** GET a page from the service on its own kept-alive connections: status and text. */
export function getPage(port: number, path: string, agent: Agent): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * The message log read as an operator's tool reads it (the store's file, read-only): when each
 * message logged since the watch began is first seen settled (no longer `queued`).
 */
export class SettleWatch {
  private readonly db: Database.Database;
  /** When each message logged since the watch began was first seen settled (performance.now()). */
  private readonly settled = new Map<number, number>();
  private readonly queued = new Set<number>();
  /** Messages answered, by log id, until the log settles them. */
  private readonly pending = new Map<number, Posting>();
  private lastId: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(storeFile: string) {
    this.db = new Database(storeFile, { readonly: true });
    this.lastId = (this.db.prepare('SELECT max(id) AS id FROM messages').get() as { id: number | null }).id ?? 0;
  }

  /** Looks at the log every 50 ms. */
  start(): void {
    this.timer ??= setInterval(() => this.look(), 50);
  }

  /**
   * A message answered: applied when the log settled it, if the watch saw that before its answer
   * came (the answer can come later); else when the answer said so, or when the watch sees it.
   */
  watch(posting: Posting): void {
    if (posting.logId === undefined) return;
    const settledAt = this.settled.get(posting.logId);
    if (settledAt !== undefined) posting.appliedAt = Math.min(posting.appliedAt ?? settledAt, settledAt);
    else this.pending.set(posting.logId, posting);
  }

  look(): void {
    const now = performance.now();
    const settle = (id: number, outcome: string) => {
      this.settled.set(id, now);
      this.queued.delete(id);
      const posting = this.pending.get(id);
      if (!posting) return;
      posting.appliedAt = Math.min(posting.appliedAt ?? now, now);
      posting.outcome = outcome;
      this.pending.delete(id);
    };
    for (const row of this.db.prepare('SELECT id, outcome FROM messages WHERE id > ? ORDER BY id').all(this.lastId) as {
      id: number;
      outcome: string;
    }[]) {
      this.lastId = row.id;
      if (row.outcome === 'queued') this.queued.add(row.id);
      else settle(row.id, row.outcome);
    }
    const ids = [...this.queued];
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      for (const row of this.db
        .prepare(`SELECT id, outcome FROM messages WHERE id IN (${chunk.map(() => '?').join(',')})`)
        .all(...chunk) as { id: number; outcome: string }[])
        if (row.outcome !== 'queued') settle(row.id, row.outcome);
    }
  }

  /** Each logged message's row now: its outcome, and the reason of one not stored (its numbers as N). */
  rows(ids: readonly number[]): Map<number, { outcome: string; why?: string }> {
    const found = new Map<number, { outcome: string; why?: string }>();
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      for (const row of this.db
        .prepare(`SELECT id, outcome, type, reason FROM messages WHERE id IN (${chunk.map(() => '?').join(',')})`)
        .all(...chunk) as { id: number; outcome: string; type: string | null; reason: string | null }[])
        found.set(row.id, {
          outcome: row.outcome,
          ...(row.outcome === 'stored' ? {} : { why: `${row.type}: ${(row.reason ?? '').replace(/\d+/g, 'N')}` }),
        });
    }
    return found;
  }

  storedVersion(type: string, code: string): number | undefined {
    return (
      this.db.prepare('SELECT version FROM documents WHERE type = ? AND code = ?').get(type, code) as
        { version: number } | undefined
    )?.version;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.db.close();
  }
}

/** Busy share of the machine's processors between two reads of /proc/stat. */
export function cpuTimes(stat: string): { busy: number; total: number } {
  const fields = stat.split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const total = fields.reduce((n, v) => n + v, 0);
  return { busy: total - idle, total };
}

/** Time a set of threads spent on a processor, and waiting in the run queue for one (ms). */
export interface ThreadTimes {
  cpu: number;
  waited: number;
}

/** The roles the service's threads are counted under, in the order printed. */
export const THREAD_ROLES = ['writer', 'deriver', 'renders', 'receivers', 'serving', 'primary', 'helpers'] as const;
type ThreadRole = (typeof THREAD_ROLES)[number];

interface ServiceThread extends ThreadTimes {
  readonly role: ThreadRole;
}

/** A service thread's role: its name (serveThread names them `podium-<role>`), or whose it is. */
export function threadRole(comm: string, main: boolean, primary: boolean): ThreadRole {
  const named = /^podium-(render|receiver|writer|deriver)$/.exec(comm.trim())?.[1];
  if (named === 'render') return 'renders';
  if (named === 'receiver') return 'receivers';
  if (named === 'writer' || named === 'deriver') return named;
  if (main) return primary ? 'primary' : 'serving';
  return 'helpers';
}

/**
 * The service's threads now (by thread id): their role, and their time so far on a processor and
 * runnable but waiting for one (/proc/<pid>/task/<tid>/schedstat, ms). `root` is the primary's id.
 */
export function serviceThreads(root: number): Map<string, ServiceThread> {
  const threads = new Map<string, ServiceThread>();
  const parentOf = (pid: string) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      return -1;
    }
  };
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    const primary = Number(pid) === root;
    if (!primary && parentOf(pid) !== root) continue;
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // gone meanwhile
    }
    for (const task of tasks) {
      let comm: string;
      let schedstat: string;
      try {
        comm = readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8');
        schedstat = readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8');
      } catch {
        continue;
      }
      // schedstat: time on a processor, time runnable waiting for one (ns).
      const [cpu, waited] = schedstat.split(' ').map((ns) => Number(ns) / 1e6) as [number, number];
      threads.set(task, { role: threadRole(comm, task === pid, primary), cpu, waited });
    }
  }
  return threads;
}

/**
 * What the service's threads did between two looks, by role, as shares of the time between them
 * (1 = a whole processor): the one writer, its deriver, the render threads, the receivers, the
 * servers' main threads (`serving`, the event loops that answer), the primary's main thread and
 * every other thread (`helpers`: V8's, libuv's).
 */
export function threadRoles(
  before: ReadonlyMap<string, ServiceThread>,
  after: ReadonlyMap<string, ServiceThread>,
  ms: number,
): Map<ThreadRole, ThreadTimes> {
  const roles = new Map<ThreadRole, ThreadTimes>(THREAD_ROLES.map((role) => [role, { cpu: 0, waited: 0 }]));
  for (const [tid, t] of after) {
    const then = before.get(tid) ?? { cpu: 0, waited: 0 };
    const sum = roles.get(t.role)!;
    sum.cpu += (t.cpu - then.cpu) / ms;
    sum.waited += (t.waited - then.waited) / ms;
  }
  return roles;
}
