import { describe, expect, it } from 'vitest';
import { fetchCommonCode, httpSource, TransportError } from '../../src/web/data/source';
import { DataError } from '../../src/web/data/validate';

/** A fetch that answers every request with this body and status (a unit test of the client alone). */
const answering =
  (body: string, status = 200): typeof fetch =>
  async () =>
    new Response(body, { status, headers: { 'Content-Type': 'application/json' } });

const tally = {
  rows: [{ organisation: 'GDG', rank: 1, rankTotal: 1, gold: 1, silver: 0, bronze: 0, total: 1 }],
  totals: { gold: 1, silver: 0, bronze: 0, total: 1 },
};

describe('the API client', () => {
  it('returns a document that matches its schema, and undefined for 404', async () => {
    await expect(
      httpSource(undefined, answering(JSON.stringify(tally))).document('MEDAL_TALLY', 'ALL'),
    ).resolves.toEqual(tally);
    await expect(
      httpSource(undefined, answering('{"error":"no"}', 404)).document('MEDAL_TALLY', 'ALL'),
    ).resolves.toBeUndefined();
  });

  it('turns an answer that fails its schema into a data error naming the field', async () => {
    const broken = {
      ...tally,
      rows: [{ organisation: 'GDG', rank: 1, rankTotal: 1, gold: -1, silver: 0, bronze: 0, total: 1 }],
    };
    const reading = httpSource(undefined, answering(JSON.stringify(broken))).document('MEDAL_TALLY', 'ALL');
    await expect(reading).rejects.toBeInstanceOf(DataError);
    await expect(reading).rejects.toThrow('/rows/0/gold');
    await expect(httpSource(undefined, answering('[1,2]')).document('DT_RESULT', 'X')).rejects.toThrow('not an object');
  });

  it('turns malformed JSON into a data error, not an exception from the parser', async () => {
    await expect(httpSource(undefined, answering('{"rows": [')).document('MEDAL_TALLY', 'ALL')).rejects.toThrow(
      'is not valid JSON',
    );
  });

  it("says transport errors in the spec's words", async () => {
    const failed = httpSource(undefined, answering('{}', 500)).document('MEDAL_TALLY', 'ALL');
    await expect(failed).rejects.toBeInstanceOf(TransportError);
    await expect(failed).rejects.toThrow('Request failed with status code 500');
    const offline: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(httpSource(undefined, offline).document('SCHEDULE', 'ALL')).rejects.toThrow('Network Error');
    const navigation = new AbortController();
    const hanging: typeof fetch = (_, init) =>
      new Promise((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    const pending = httpSource(navigation.signal, hanging).document('SCHEDULE', 'ALL');
    navigation.abort();
    await expect(pending).rejects.toThrow('Request aborted');
  });

  it('reads and checks a code table', async () => {
    await expect(
      fetchCommonCode('venue', undefined, answering('{"Result":{"Items":[{"Id":"GOA"}]}}')),
    ).resolves.toEqual([{ Id: 'GOA' }]);
    await expect(fetchCommonCode('venue', undefined, answering('{"Result":{}}'))).rejects.toThrow('venue code table');
  });
});
