/**
 * Issue 17, item 1: one contract. Every document the service derives, from the demo games and from
 * the real ODF samples, is checked against its JSON Schema in schemas/api.ts, the same schemas the
 * browser's generated validators check its answers with, and the types both sides are written in.
 */
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../codegen/validate/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCUMENT_TYPES, documentSchemas, PART_SCHEMAS, type ApiDocumentType } from '../../schemas/api';
import { DERIVED_TYPES } from '../../src/server/derive';
import type { Service } from '../../src/server/service';
import { openDemoService } from '../support/demoService';
import { memoryService, readSample, sampleFiles } from './helpers';

function contractValidators(): Map<string, ValidateFunction> {
  // The same settings as the browser's generated validators (codegen/emit/apiValidators.ts).
  const ajv = createAjv();
  for (const part of PART_SCHEMAS) ajv.addSchema(part);
  return new Map(API_DOCUMENT_TYPES.map((type) => [type, ajv.compile(documentSchemas[type])]));
}
const validators = contractValidators();

/** Every derived document of a service that breaks the contract, as "TYPE/code: problem" lines. */
function breaches(service: Service): { checked: Map<string, number>; problems: string[] } {
  const checked = new Map<string, number>();
  const problems: string[] = [];
  for (const type of DERIVED_TYPES.keys()) {
    const validate = validators.get(type)!;
    for (const doc of service.store.listByType(type)) {
      checked.set(type, (checked.get(type) ?? 0) + 1);
      if (!validate(JSON.parse(doc.body))) {
        const first = validate.errors?.slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}`);
        problems.push(`${type}/${doc.code}: ${first?.join('; ')}`);
      }
    }
  }
  return { checked, problems };
}

describe('the contract of the derived documents', () => {
  it('has a schema for every document type the service derives, and none for another', () => {
    expect([...DERIVED_TYPES.keys()].sort()).toEqual([...API_DOCUMENT_TYPES].sort());
  });

  it('refuses a body that breaks it: a missing list, a field of the wrong type, a field it does not know', () => {
    const validate = (type: ApiDocumentType, body: unknown) => validators.get(type)!(body);
    const unit = {
      code: 'SWMM100MFR------------FNL-000100--',
      discipline: 'SWM',
      event: 'SWMM100MFR--------------',
      phase: 'SWMM100MFR------------FNL-',
      name: { ENG: "Men's 100m Freestyle Final" },
      hideStartDate: false,
      venueName: {},
      locationName: {},
    };
    expect(validate('SCHEDULE_DAY', { date: '2025-11-12', units: [unit] })).toBe(true);
    expect(validate('SCHEDULE_DAY', { date: '2025-11-12' })).toBe(false);
    expect(validate('SCHEDULE_DAY', { date: '2025-11-12', units: [{ ...unit, hideStartDate: 'N' }] })).toBe(false);
    expect(validate('SCHEDULE_DAY', { date: '2025-11-12', units: [{ ...unit, startDate: '2025' }] })).toBe(false);
    expect(validate('MEDAL_TALLY', { rows: [], totals: { gold: -1, silver: 0, bronze: 0, total: 0 } })).toBe(false);
  });
});

describe('every derived document of the demo games', () => {
  let service: Service;
  beforeAll(async () => {
    service = await openDemoService();
  }, 600_000);
  afterAll(() => service?.close());

  it('follows the contract', () => {
    const { checked, problems } = breaches(service);
    expect(problems.slice(0, 20)).toEqual([]);
    // Every type is exercised: the demo games derive documents of each.
    expect([...checked.keys()].sort()).toEqual([...API_DOCUMENT_TYPES].sort());
  });
});

describe('every derived document of the real ODF samples', () => {
  let service: Service;
  beforeAll(async () => {
    service = await memoryService();
    for (const file of sampleFiles()) service.ingestor.ingest(readSample(file), file);
    service.ingestor.flush();
  }, 300_000);
  afterAll(() => service?.close());

  it('follows the contract', () => {
    const { checked, problems } = breaches(service);
    expect(problems.slice(0, 20)).toEqual([]);
    expect(checked.get('SCHEDULE_DISCIPLINE')).toBeGreaterThan(0);
  });
});
