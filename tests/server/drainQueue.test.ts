import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyBatch, drainQueue } from '../../src/server/odf/drainQueue';
import type { Service } from '../../src/server/service';
import { memoryService, odf, UNIT, unitResult } from './helpers';

/**
 * The log as the queue (issue 46): what the one writer makes of queued messages, with the real
 * store in memory. The HTTP side and the processes: ingestQueue.test.ts.
 */
let service: Service;
afterEach(() => service?.close());

const outcomes = () =>
  service.db.prepare('SELECT id, outcome, error, version FROM messages ORDER BY id').all() as {
    id: number;
    outcome: string;
    error: string | null;
    version: number | null;
  }[];

describe('the writer', () => {
  it('applies queued messages in the order received, whatever their Versions', async () => {
    service = await memoryService();
    const ids = ['3', '1', '2'].map((version) => {
      const received = service.ingestor.receive(unitResult(`48.${version}`, version), 'test');
      expect(received.outcome).toBe('queued');
      return received.id;
    });
    expect(service.store.get('DT_RESULT', UNIT)).toBeUndefined();
    expect(await drainQueue(service.ingestor)).toEqual({ applied: 3, batches: 1 });
    expect(outcomes().map((row) => [row.id, row.outcome])).toEqual([
      [ids[0], 'stored'],
      [ids[1], 'ignored'],
      [ids[2], 'ignored'],
    ]);
    expect(service.store.get('DT_RESULT', UNIT)?.version).toBe(3);
    // Derived documents follow in the same drain: the unit's report list names Version 3.
    expect(service.store.get('REPORT_LIST', UNIT)?.body).toContain('"version":3');
  });

  it('logs what it is sent unread, and settles what cannot be read as rejected with its reason', async () => {
    service = await memoryService();
    const received = service.ingestor.receive(Buffer.from('<notOdf/>'), 'test');
    const result = service.ingestor.receive(unitResult('48.1', '1'), 'test');
    // The receiver only logged the bytes: the envelope is read by the writer.
    expect(outcomes()).toEqual([
      { id: received.id, outcome: 'queued', error: null, version: null },
      { id: result.id, outcome: 'queued', error: null, version: null },
    ]);
    await drainQueue(service.ingestor);
    expect(outcomes()).toEqual([
      { id: received.id, outcome: 'rejected', error: 'not-odf', version: null },
      { id: result.id, outcome: 'stored', error: null, version: 1 },
    ]);
    expect(service.ingestor.log.get(result.id)).toMatchObject({ type: 'DT_RESULT', code: UNIT, status: 'LIVE' });
  });

  it('settles a message it fails to apply as rejected "internal" and applies the others', async () => {
    service = await memoryService();
    const schedule = odf(
      { DocumentType: 'DT_SCHEDULE', DocumentCode: 'SWM'.padEnd(34, '-'), Version: '1' },
      '<Competition/>',
    );
    service.ingestor.receive(unitResult('48.1', '1'), 'test');
    const faulty = service.ingestor.receive(schedule, 'test').id;
    service.ingestor.receive(unitResult('48.2', '2'), 'test');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const apply = (service.ingestor as unknown as { apply: (envelope: { documentType: string }) => unknown }).apply;
    const spy = vi.spyOn(service.ingestor as unknown as { apply: typeof apply }, 'apply').mockImplementation(function (
      this: unknown,
      ...args: Parameters<typeof apply>
    ) {
      if (args[0].documentType === 'DT_SCHEDULE') throw new Error('a fault of the service');
      return apply.apply(this, args);
    });
    let said: string[];
    try {
      await drainQueue(service.ingestor);
    } finally {
      said = errors.mock.calls.map((call) => String(call[0]));
      spy.mockRestore();
      errors.mockRestore();
    }
    const rows = outcomes();
    expect(rows.map((row) => row.outcome)).toEqual(['stored', 'rejected', 'stored']);
    expect(rows.find((row) => row.id === faulty)?.error).toBe('internal');
    expect(said.some((line) => line.includes(`message ${faulty} could not be applied`))).toBe(true);
    expect(service.store.get('DT_RESULT', UNIT)?.version).toBe(2);
  });

  it('leaves messages queued while the store cannot be written, and applies them once it can', async () => {
    service = await memoryService();
    const rows = Array.from({ length: 300 }, (_, i) => `<Result Rank="${i + 1}" Result="48.${i}"/>`).join('');
    const big = odf(
      { DocumentType: 'DT_RESULT', DocumentCode: UNIT, Version: '1', ResultStatus: 'LIVE' },
      `<Competition>${rows}</Competition>`,
    );
    const id = service.ingestor.receive(big, 'test').id;
    const pages = service.db.pragma('page_count', { simple: true }) as number;
    service.db.pragma(`max_page_count = ${pages}`);
    const stalled = await drainQueue(service.ingestor);
    expect(stalled.applied).toBe(0);
    expect(stalled.stalled).toMatch(/^SQLITE_FULL/);
    expect(service.ingestor.log.outcomeOf(id)?.outcome).toBe('queued');
    service.db.pragma('max_page_count = 1073741823');
    expect(applyBatch(service.ingestor)).toBe(1);
    expect(service.ingestor.log.outcomeOf(id)?.outcome).toBe('stored');
  });

  it('never prunes a queued message, whatever the limits', async () => {
    service = await memoryService();
    const id = service.ingestor.receive(unitResult('48.1', '1'), 'test').id;
    service.ingestor.log.prune(new Date(Date.now() + 1000 * 86_400_000));
    expect(service.ingestor.log.get(id)?.kept).toBe(true);
  });
});

describe('derived documents a batch wakes', () => {
  it('a result whose unit changes only its status wakes neither the records nor the delegations’ schedules', async () => {
    const { recordsDeriver } = await import('../../src/server/derive/records');
    const { delegationScheduleDeriver } = await import('../../src/server/derive/delegationSchedule');
    service = await memoryService();
    service.ingestor.receive(unitResult('48.1', '1', 'LIVE'), 'test');
    await drainQueue(service.ingestor);
    const records = vi.spyOn(recordsDeriver, 'build');
    const schedules = vi.spyOn(delegationScheduleDeriver, 'build');
    try {
      service.ingestor.receive(unitResult('48.1', '2', 'OFFICIAL'), 'test');
      await drainQueue(service.ingestor);
      expect(service.store.get('DT_RESULT', UNIT)?.status).toBe('OFFICIAL');
      expect(records).not.toHaveBeenCalled();
      expect(schedules).not.toHaveBeenCalled();
      // Another delegation in the result: its schedule changes.
      service.ingestor.receive(
        Buffer.from(unitResult('48.1', '3', 'OFFICIAL').toString().replaceAll('GDG', 'SHA')),
        'test',
      );
      await drainQueue(service.ingestor);
      expect(schedules).toHaveBeenCalledTimes(1);
      expect(records).not.toHaveBeenCalled();
    } finally {
      records.mockRestore();
      schedules.mockRestore();
    }
  });
});

describe('the deriver beside the writer', () => {
  it('the writer applies and leaves its notes; the deriver makes what they name and says which messages it answered', async () => {
    service = await memoryService();
    const first = service.ingestor.receive(unitResult('48.1', '1'), 'test').id;
    await drainQueue(service.ingestor, { deriveBeside: true });
    // The message's own document is served; the unit's report list is not made yet.
    expect(service.store.get('DT_RESULT', UNIT)?.version).toBe(1);
    expect(service.store.get('REPORT_LIST', UNIT)).toBeUndefined();
    expect(service.derive.pending).toBe(true);
    expect(service.ingestor.log.derivedThrough()).toBe(0);
    const queued = service.ingestor.receive(unitResult('48.2', '2'), 'test').id;
    expect(service.ingestor.deriveApplied()).toBe(true);
    expect(service.store.get('REPORT_LIST', UNIT)?.body).toContain('"version":1');
    // Every message applied before the first still queued is answered.
    expect(service.ingestor.log.derivedThrough()).toBe(first);
    expect(service.ingestor.deriveApplied()).toBe(false);
    await drainQueue(service.ingestor, { deriveBeside: true });
    expect(service.ingestor.deriveApplied()).toBe(true);
    expect(service.ingestor.log.derivedThrough()).toBe(queued);
    expect(service.store.get('REPORT_LIST', UNIT)?.body).toContain('"version":2');
  });

  it('a note written again after a plan read it stays for the next round', async () => {
    service = await memoryService();
    service.derive.touch('DT_RESULT', UNIT);
    const at = () => service.db.prepare('SELECT at FROM derive_pending WHERE code = ?').pluck().get(UNIT) as number;
    const read = at();
    service.derive.touch('DT_RESULT', UNIT);
    service.derive.forget();
    service.derive.touch('DT_RESULT', UNIT);
    expect(at()).toBeGreaterThan(read);
    // What a deriver that read the first note removes when done: not the newer one.
    service.db
      .prepare('DELETE FROM derive_pending WHERE input = ? AND code = ? AND at = ?')
      .run('DT_RESULT', UNIT, read);
    expect(at()).toBeGreaterThan(read);
  });
});
