/**
 * Who takes part: participants and entries (src/server/derive/participants.ts), the competitor lists
 * and profiles (competitors.ts) and each competitor's results (competitorsResults.ts).
 */
import type { FromSchema } from 'json-schema-to-ts';
import {
  text,
  competitorSummaryRef,
  competitorSummarySchema,
  localTextSchema,
  MEDAL_KINDS,
  personNamesSchema,
  type PartSchemas,
} from './parts';

const texts = { type: 'array', items: text } as const;

/** An athlete or team entered in the games, with the disciplines and events entered. */
export const entrantSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'disciplines', 'events'],
  properties: {
    ...competitorSummarySchema.properties,
    gender: text,
    birthDate: text,
    disciplines: texts,
    events: texts,
  },
} as const;
export type Entrant = FromSchema<typeof entrantSchema, { references: PartSchemas }>;

/** PARTICIPANTS/{organisation | discipline RSC}. */
export const participantsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['athletes', 'teams'],
  properties: { athletes: { type: 'array', items: entrantSchema }, teams: { type: 'array', items: entrantSchema } },
} as const;

/** ENTRIES/{organisation | discipline RSC}: the entries of each event. */
export const entriesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['events'],
  properties: {
    events: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['event', 'entries'],
        properties: { event: text, entries: { type: 'array', items: competitorSummaryRef } },
      },
    },
  },
} as const;

/**
 * A line of a competitor list: code, organisation, gender, disciplines (space-separated), then names.
 * The list holds every athlete of the games (tens of thousands), so a line is an array, not an object:
 * athletes' family and given names in English, Simplified and Traditional (the Traditional pair left
 * out where it equals the Simplified one); a team's name in ENG, CHI, CHT.
 */
const competitorLineSchema = {
  type: 'array',
  items: [text, text, text, text],
  minItems: 4,
  additionalItems: text,
} as const;
export type CompetitorLine = FromSchema<typeof competitorLineSchema, { references: PartSchemas }>;

/** COMPETITORS/INDIVIDUALS ({ athletes }) and COMPETITORS/TEAMS ({ teams }). */
export const competitorsSchema = {
  anyOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['athletes'],
      properties: { athletes: { type: 'array', items: competitorLineSchema } },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['teams'],
      properties: { teams: { type: 'array', items: competitorLineSchema } },
    },
  ],
} as const;
export type CompetitorList = FromSchema<typeof competitorsSchema, { references: PartSchemas }>;

const profileFields = { organisation: text, gender: text, disciplines: texts, events: texts } as const;

export const athleteProfileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['names', 'disciplines', 'events'],
  properties: {
    ...profileFields,
    birthDate: text,
    names: personNamesSchema,
    /** The teams whose compositions name the athlete. */
    teams: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['code', 'name'],
        properties: { code: text, name: localTextSchema },
      },
    },
  },
} as const;
export type AthleteProfile = FromSchema<typeof athleteProfileSchema, { references: PartSchemas }>;

export const teamProfileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'disciplines', 'events', 'members'],
  properties: {
    ...profileFields,
    name: localTextSchema,
    members: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['code', 'names'],
        properties: { code: text, names: personNamesSchema },
      },
    },
  },
} as const;
export type TeamProfile = FromSchema<typeof teamProfileSchema, { references: PartSchemas }>;

/** COMPETITOR_PROFILES/{bucket}: the profiles of the competitors whose codes fall in the bucket, by code. */
export const profileBucketSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['athletes', 'teams'],
  properties: {
    athletes: { type: 'object', additionalProperties: athleteProfileSchema },
    teams: { type: 'object', additionalProperties: teamProfileSchema },
  },
} as const;
export type ProfileBucket = FromSchema<typeof profileBucketSchema, { references: PartSchemas }>;

/** A competitor's line in one unit; absent fields are left out to keep the documents small. */
export const competitorResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['unit'],
  properties: {
    unit: text,
    team: text,
    rank: text,
    result: text,
    irm: text,
    qualification: text,
    wlt: text,
    status: text,
  },
} as const;
export type CompetitorResult = FromSchema<typeof competitorResultSchema, { references: PartSchemas }>;

/** A medal won, by the competitor or by a team whose composition names the athlete (`team`). */
export const competitorMedalSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['event', 'medal'],
  properties: { event: text, medal: { enum: MEDAL_KINDS }, team: text },
} as const;
export type CompetitorMedal = FromSchema<typeof competitorMedalSchema, { references: PartSchemas }>;

/** COMPETITOR_RESULTS/{bucket}: the results and medals of the competitors whose codes fall in the bucket. */
export const resultsBucketSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['competitors'],
  properties: {
    competitors: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['results', 'medals'],
        properties: {
          results: { type: 'array', items: competitorResultSchema },
          medals: { type: 'array', items: competitorMedalSchema },
        },
      },
    },
  },
} as const;
export type ResultsBucket = FromSchema<typeof resultsBucketSchema, { references: PartSchemas }>;
