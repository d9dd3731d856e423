/** Medals, records and delegations (src/server/derive/medals.ts, records.ts, participants.ts). */
import type { FromSchema } from 'json-schema-to-ts';
import {
  text,
  count,
  competitorSummaryRef,
  localTextSchema,
  medalCountSchema,
  medallistRef,
  type PartSchemas,
} from './parts';

/** MEDALLISTS/ALL: every medallist, and how many events have awarded medals. */
export const medallistsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['events', 'medallists'],
  properties: { events: count, medallists: { type: 'array', items: medallistRef } },
} as const;

export const tallyRowSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['organisation', 'gold', 'silver', 'bronze', 'total', 'rank', 'rankTotal'],
  properties: {
    organisation: text,
    ...medalCountSchema.properties,
    /** Rank by gold, then silver, then bronze (equal counts share a rank). */
    rank: { type: 'integer', minimum: 1 },
    /** Rank by total medals. */
    rankTotal: { type: 'integer', minimum: 1 },
    /** The counts carry an operator's correction (npm run / internal medal import). */
    corrected: { type: 'boolean' },
  },
} as const;
export type TallyRow = FromSchema<typeof tallyRowSchema, { references: PartSchemas }>;

/** MEDAL_TALLY/ALL: the medal table and its totals. */
export const medalTallySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['rows', 'totals'],
  properties: { rows: { type: 'array', items: tallyRowSchema }, totals: medalCountSchema },
} as const;
export type MedalTally = FromSchema<typeof medalTallySchema, { references: PartSchemas }>;

export const recordBrokenSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['unit', 'discipline', 'record', 'competitor'],
  properties: {
    unit: text,
    discipline: text,
    /** The record's code (RecordIndicator/@Code). */
    record: text,
    recordType: text,
    result: text,
    organisation: text,
    competitor: competitorSummaryRef,
  },
} as const;
export type RecordBroken = FromSchema<typeof recordBrokenSchema, { references: PartSchemas }>;

/** RECORDS/ALL: every record broken or equalled, as the units' results mark them. */
export const recordsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['records'],
  properties: { records: { type: 'array', items: recordBrokenSchema } },
} as const;

const delegationFields = {
  code: text,
  name: localTextSchema,
  athletes: count,
  teams: count,
  medals: medalCountSchema,
} as const;

export const delegationSummarySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'name', 'athletes', 'teams', 'disciplines', 'medals'],
  properties: { ...delegationFields, disciplines: count },
} as const;
export type DelegationSummary = FromSchema<typeof delegationSummarySchema, { references: PartSchemas }>;

export const delegationProfileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'name', 'athletes', 'teams', 'disciplines', 'medals', 'medallists'],
  properties: {
    ...delegationFields,
    disciplines: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['discipline', 'men', 'women', 'teams'],
        properties: { discipline: text, men: count, women: count, teams: count },
      },
    },
    medallists: { type: 'array', items: medallistRef },
  },
} as const;
export type DelegationProfile = FromSchema<typeof delegationProfileSchema, { references: PartSchemas }>;

export const delegationListSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['delegations'],
  properties: { delegations: { type: 'array', items: delegationSummarySchema } },
} as const;
export type DelegationList = FromSchema<typeof delegationListSchema, { references: PartSchemas }>;

/** DELEGATION/ALL lists the delegations; DELEGATION/{organisation} is one delegation's profile. */
export const delegationSchema = { anyOf: [delegationListSchema, delegationProfileSchema] } as const;
