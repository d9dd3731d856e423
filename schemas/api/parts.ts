/**
 * The parts the service's documents are built of (schemas/api.ts): a text in the site's three
 * variants, a competitor, a unit of the schedule, a medallist. Written `as const`; types derive.
 */
import type { FromSchema } from 'json-schema-to-ts';

/*
 * The parts documents repeat (a unit, a competitor, a medallist) have an `$id` and are referenced by
 * `$ref`, so the browser's generated validators check each part with one function, not one copy per
 * place it appears.
 */
const ID = 'https://podium.invalid/schemas/api/parts/';

/** A string field: the parts every document schema is written with. */
export const text = { type: 'string' } as const;
/** A count of things (units, medals, athletes). */
export const count = { type: 'integer', minimum: 0 } as const;

/** A data text in the three variants the site shows: Simplified (CHI), Traditional (CHT), English (ENG). */
export const localTextSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { ENG: text, CHI: text, CHT: text },
} as const;
export type LocalText = FromSchema<typeof localTextSchema>;

/** A person's family and given names in one language. */
const nameParts = {
  type: 'array',
  items: [text, text],
  minItems: 2,
  additionalItems: false,
} as const;
export type NameParts = FromSchema<typeof nameParts>;

/** A person's names per language (the Traditional pair left out where it equals the Simplified one). */
export const personNamesSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { ENG: nameParts, CHI: nameParts, CHT: nameParts },
} as const;
export type PersonNames = FromSchema<typeof personNamesSchema>;

/**
 * A person in a names directory: the names per language, and the Chinese names' pinyin (`PY`, lower
 * case, syllables spaced: `["ou yang", "xia dan"]`), what a reader types to find them on a phone.
 */
export const directoryPersonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { ...personNamesSchema.properties, PY: nameParts },
} as const;
export type DirectoryPerson = FromSchema<typeof directoryPersonSchema>;

const competitorFields = {
  code: text,
  type: text,
  organisation: text,
  name: localTextSchema,
} as const;

/** A member of a team: ODF's composition names athletes, who have no composition of their own. */
const memberSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: competitorFields,
} as const;

/** A competitor (athlete or team) in derived documents, with names in the three variants. */
export const competitorSummarySchema = {
  $id: `${ID}CompetitorSummary.json`,
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { ...competitorFields, members: { type: 'array', items: memberSchema } },
} as const;
export type CompetitorSummary = FromSchema<typeof competitorSummarySchema>;
export const competitorSummaryRef = { $ref: competitorSummarySchema.$id } as const;

export const MEDAL_KINDS = ['GOLD', 'SILVER', 'BRONZE'] as const;
export type MedalKind = (typeof MEDAL_KINDS)[number];

export const medallistSchema = {
  $id: `${ID}Medallist.json`,
  type: 'object',
  additionalProperties: false,
  required: ['event', 'discipline', 'medal', 'competitor'],
  properties: {
    event: text,
    discipline: text,
    medal: { enum: MEDAL_KINDS },
    competitor: competitorSummaryRef,
  },
} as const;
export type Medallist = FromSchema<typeof medallistSchema, { references: [typeof competitorSummarySchema] }>;
export const medallistRef = { $ref: medallistSchema.$id } as const;

export const medalCountSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['gold', 'silver', 'bronze', 'total'],
  properties: { gold: count, silver: count, bronze: count, total: count },
} as const;
export type MedalCount = FromSchema<typeof medalCountSchema>;

const scheduleUnitProperties = {
  code: text,
  discipline: text,
  event: text,
  phase: text,
  name: localTextSchema,
  phaseType: text,
  status: text,
  start: text,
  end: text,
  hideStartDate: { type: 'boolean' },
  order: { type: 'number' },
  medal: text,
  venue: text,
  venueName: localTextSchema,
  location: text,
  locationName: localTextSchema,
  session: text,
  /** A ceremony or other entry that is not a competition. */
  nonCompetition: { const: true },
} as const;
const scheduleUnitRequired = [
  'code',
  'discipline',
  'event',
  'phase',
  'name',
  'hideStartDate',
  'venueName',
  'locationName',
] as const;

/** One unit of the schedule as the site shows it (from the disciplines' DT_SCHEDULE). */
export const scheduleUnitSchema = {
  $id: `${ID}ScheduleUnit.json`,
  type: 'object',
  additionalProperties: false,
  required: scheduleUnitRequired,
  properties: scheduleUnitProperties,
} as const;
export type ScheduleUnit = FromSchema<typeof scheduleUnitSchema>;
export const scheduleUnitRef = { $ref: scheduleUnitSchema.$id } as const;

/** A medal unit of the finals, with its event's medallists. */
export const finalUnitSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...scheduleUnitRequired, 'medallists'],
  properties: { ...scheduleUnitProperties, medallists: { type: 'array', items: medallistRef } },
} as const;

/** The parts referenced by `$ref`: given to a validator beside the documents, and to FromSchema. */
export const PART_SCHEMAS = [competitorSummarySchema, medallistSchema, scheduleUnitSchema] as const;
export type PartSchemas = [typeof competitorSummarySchema, typeof medallistSchema, typeof scheduleUnitSchema];
export type FinalUnit = FromSchema<typeof finalUnitSchema, { references: PartSchemas }>;
