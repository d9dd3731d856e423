/** Report lists (src/server/derive/reports.ts) and code tables (commonCode.ts). */
import type { FromSchema } from 'json-schema-to-ts';
import { text } from './parts';

/** A PDF report: the unit's or discipline's code, its ODF doc type (C51, C73, C95 ...) and where it is. */
export const reportRowSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'docType', 'file', 'name', 'version', 'updatedAt'],
  properties: {
    code: text,
    docType: text,
    file: text,
    name: text,
    version: { type: 'integer', minimum: 0 },
    updatedAt: text,
  },
} as const;
export type ReportRow = FromSchema<typeof reportRowSchema>;

/** REPORT_LIST/{ALL | discipline RSC | unit RSC}. */
export const reportListSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['reports'],
  properties: { reports: { type: 'array', items: reportRowSchema } },
} as const;

/**
 * REPORT_COUNTS/ALL: how many reports of each type each discipline has, in list order (a
 * discipline's reports follow one another in the games' list). The games' list is paged from it
 * and the disciplines' lists (REPORT_LIST/{discipline RSC}): a new version of one report changes
 * the pages that show its discipline, not every page of the list. It changes when a report is added.
 */
export const reportCountsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['disciplines'],
  properties: {
    disciplines: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['code', 'reports'],
        properties: {
          code: text,
          reports: { type: 'object', additionalProperties: { type: 'integer', minimum: 1 } },
        },
      },
    },
  },
} as const;

/**
 * A code table (spec section 7), as `/api/crs/commonCode/{table}` answers it and COMMON_CODE/{table}
 * stores it: items whose columns differ by table, each read by the table's own reader in the site.
 */
export const commonCodeResponseSchema = {
  $id: 'https://podium.invalid/schemas/api/commonCode.json',
  type: 'object',
  additionalProperties: false,
  required: ['Result'],
  properties: {
    Result: {
      type: 'object',
      additionalProperties: false,
      required: ['Items'],
      properties: { Items: { type: 'array', items: { type: 'object' } } },
    },
  },
} as const;
export type CommonCodeResponse = FromSchema<typeof commonCodeResponseSchema>;

/** An item of COMMON_CODE/disciplineTree: a discipline with its events, as the site reads it. */
export const disciplineTreeItemSchema = {
  type: 'object',
  required: ['Discipline', 'Events'],
  properties: {
    Discipline: text,
    ENG_Description: text,
    CHI_Description: text,
    CHT_Description: text,
    Events: {
      type: 'array',
      items: {
        type: 'object',
        required: ['EventFullRsc'],
        properties: {
          EventFullRsc: text,
          ENG_EventName: text,
          CHI_EventName: text,
          CHT_EventName: text,
          TeamEvent: text,
        },
      },
    },
  },
} as const;
export type DisciplineTreeItem = FromSchema<typeof disciplineTreeItemSchema>;

/** An item of the code tables read by Id (reportType, phase, venue ...): its descriptions. */
export const codeItemSchema = {
  type: 'object',
  properties: { Id: text, ENG_Description: text, CHI_Description: text, CHT_Description: text },
} as const;
export type CodeItem = FromSchema<typeof codeItemSchema>;
