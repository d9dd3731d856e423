/** The schedule's documents (src/server/derive/schedule.ts, scheduleGrid.ts, delegationSchedule.ts, finals.ts). */
import type { FromSchema } from 'json-schema-to-ts';
import { text, count, finalUnitSchema, localTextSchema, scheduleUnitRef, type PartSchemas } from './parts';

const units = { type: 'array', items: scheduleUnitRef } as const;

const venueSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'name'],
  properties: { code: text, name: localTextSchema },
} as const;

/** SCHEDULE/ALL: the index of days, disciplines and venues, with counts. */
export const scheduleIndexSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['days', 'disciplines', 'venues', 'units', 'medalUnits'],
  properties: {
    days: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['date', 'units', 'medalUnits'],
        properties: { date: text, units: count, medalUnits: count },
      },
    },
    disciplines: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['code', 'units', 'medalUnits'],
        properties: { code: text, units: count, medalUnits: count, nonCompetition: { const: true } },
      },
    },
    venues: { type: 'array', items: venueSchema },
    units: count,
    medalUnits: count,
  },
} as const;
export type ScheduleIndex = FromSchema<typeof scheduleIndexSchema, { references: PartSchemas }>;

/** SCHEDULE_DAY/{yyyy-mm-dd | UNSCHEDULED}: the day's units in schedule order. */
export const scheduleDaySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['date', 'units'],
  properties: { date: text, units },
} as const;

/** SCHEDULE_DISCIPLINE/{discipline RSC}. */
export const scheduleDisciplineSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['discipline', 'units'],
  properties: { discipline: text, units },
} as const;

/** SCHEDULE_DELEGATION/{organisation}: the units a delegation takes part in. */
export const scheduleDelegationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['organisation', 'units'],
  properties: { organisation: text, units },
} as const;

/** SCHEDULE_NON/ALL: the entries that are not competitions (ceremonies). */
export const scheduleNonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['units'],
  properties: { units },
} as const;

/** What one discipline holds on one day at one venue ('' when the feed gives none). */
const gridCellSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['date', 'venue', 'units', 'medalEvents'],
  properties: { date: text, venue: text, units: count, medalEvents: count },
} as const;
export type GridCell = FromSchema<typeof gridCellSchema, { references: PartSchemas }>;

/**
 * SCHEDULE_GRID/ALL: the games at a glance. `days` runs without gaps; `liveDay` is the latest day on
 * which a unit has started; `zone` the UTC offset the feed writes its times in.
 */
export const scheduleGridSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['days', 'undated', 'rows', 'nonCompetition', 'venues'],
  properties: {
    days: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['date', 'units', 'medalEvents'],
        properties: { date: text, units: count, medalEvents: count },
      },
    },
    undated: count,
    liveDay: text,
    zone: text,
    rows: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['discipline', 'cells'],
        properties: { discipline: text, cells: { type: 'array', items: gridCellSchema } },
      },
    },
    nonCompetition: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['date', 'venue', 'units'],
        properties: { date: text, venue: text, units: count },
      },
    },
    venues: { type: 'array', items: venueSchema },
  },
} as const;
export type ScheduleGrid = FromSchema<typeof scheduleGridSchema, { references: PartSchemas }>;

/** FINALS/{yyyy-mm-dd}: the day's medal units with their medallists. */
export const finalsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['date', 'units'],
  properties: { date: text, units: { type: 'array', items: finalUnitSchema } },
} as const;
