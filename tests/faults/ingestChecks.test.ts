import { describe, expect, it } from 'vitest';
import { openService, type Service } from '../../src/server/service';
import { correctVersion } from '../../src/server/store/correctVersion';
import { MB, snapshot } from '../server/helpers';

/** Issue 15, item 5: what ingest accepted and should not have. */
const UNIT = 'SWMM100MFR------------FNL-000100--';
const message = (attributes: string, inner = '<Competition/>') =>
  Buffer.from(`<OdfBody ${attributes}>${inner}</OdfBody>`);
const result = (version: number | string, extra = '') =>
  message(
    `DocumentType="DT_RESULT" DocumentCode="${UNIT}" Version="${version}" ResultStatus="LIVE"${extra}`,
    `<Competition><Result Rank="1" Result="48.${version}" SortOrder="1"><Competitor Code="1001" Type="A" Organisation="GDG"/></Result></Competition>`,
  );
const games = (): Promise<Service> =>
  openService({ dataDir: ':memory:', maxMessageBytes: 8 * MB, competitionCodes: ['NG2025'] });
const refusal = (service: Service, bytes: Buffer) => {
  const answer = service.ingestor.ingest(bytes, 'test');
  return answer.outcome === 'rejected' ? answer.error.code : answer.outcome;
};

describe('ingest refuses', () => {
  it('a DT_ type that is not an ODF message type, storing nothing', async () => {
    const service = await games();
    const before = snapshot(service);
    expect(refusal(service, message(`DocumentType="DT_EVIL" DocumentCode="${UNIT}" Version="1"`))).toBe('unknown-type');
    expect(snapshot(service)).toBe(before);
    expect(refusal(service, result(1))).toBe('stored');
  });

  it("a message of another games' CompetitionCode, and takes this games' (or one that names none)", async () => {
    const service = await games();
    expect(refusal(service, result(1, ' CompetitionCode="OG2024"'))).toBe('other-games');
    expect(service.store.get('DT_RESULT', UNIT)).toBeUndefined();
    expect(refusal(service, result(1, ' CompetitionCode="NG2025"'))).toBe('stored');
    expect(refusal(service, result(2))).toBe('stored');
  });

  it('a Version beyond five digits, or far ahead of the stored one; an operator can set a wrong one right', async () => {
    const service = await games();
    expect(refusal(service, result(999999999))).toBe('bad-attribute');
    expect(refusal(service, result(3))).toBe('stored');
    expect(refusal(service, result(5000))).toBe('version-jump');
    // A wrong Version within reach is stored, and the feed's corrections look old ...
    expect(refusal(service, result(900))).toBe('stored');
    expect(refusal(service, result(4))).toBe('ignored');
    // ... until the operator sets the stored Version back (npm run correct-version).
    expect(correctVersion(service.store, service.db, 'DT_RESULT', UNIT, 3)).toMatch(/Version 900 → 3/);
    expect(refusal(service, result(4))).toBe('stored');
    expect(service.store.get('DT_RESULT', UNIT)?.version).toBe(4);
    const log = service.db.prepare("SELECT source, version FROM messages WHERE outcome = 'version-corrected'").all();
    expect(log).toEqual([{ source: 'operator', version: 3 }]);
  });

  it('a DOCTYPE or ENTITY anywhere, even after a long comment, and an element named __proto__', async () => {
    const service = await games();
    const late = `<?xml version="1.0"?><!--${'x'.repeat(5 * 1024)}--><!DOCTYPE OdfBody [<!ENTITY a "aaaa">]><OdfBody DocumentType="DT_RESULT" DocumentCode="${UNIT}" Version="1">&a;</OdfBody>`;
    expect(refusal(service, Buffer.from(late))).toBe('doctype');
    expect(refusal(service, result(1).subarray(0, 0))).toBe('empty');
    const proto = message(
      `DocumentType="DT_RESULT" DocumentCode="${UNIT}" Version="1"`,
      '<Competition><__proto__ Code="x"/></Competition>',
    );
    // The XML parser refuses the name itself.
    expect(refusal(service, proto)).toBe('not-xml');
    expect(({} as Record<string, unknown>).Code).toBeUndefined();
    expect(service.store.get('DT_RESULT', UNIT)).toBeUndefined();
  });
});
