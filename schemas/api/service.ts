/**
 * The answers of the service that are not derived documents (schemas/api.ts): a stored ODF document
 * as JSON, the JSON error, the site version, the health check, the header's search and a live event.
 * The OpenAPI description (src/server/api) refers to these, so each answer is described once.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { count, text } from './parts';

const ID = 'https://podium.invalid/schemas/api/';

/** An attribute's value, or a child element's list. */
const odfValue = { anyOf: [text, { type: 'array', items: { $ref: `${ID}OdfElement.json` } }] } as const;

/**
 * An ODF element as the service keeps it (DESIGN section 4, src/server/odf/normalise.ts): each
 * attribute a string under its ODF name, each child element an array under its name (always an
 * array, even for one), text content as `#text`, an attribute named as a child element as `@Name`.
 * Values are the strings the feed sent. Nothing more can be said in general: what a document holds
 * is its message type's, as the ODF data dictionaries define it.
 */
export const odfElementSchema = {
  $id: `${ID}OdfElement.json`,
  type: 'object',
  additionalProperties: odfValue,
} as const;

/**
 * A stored ODF document (`DT_RESULT`, `DT_SCHEDULE` ...): the message's `OdfBody` element as above,
 * its envelope attributes at the top. Stored as the feed sent it, with a `Language="CHT"` twin of
 * every `Language="CHI"` element (the Traditional text derived on the server).
 */
export const odfDocumentSchema = {
  $id: `${ID}OdfDocument.json`,
  type: 'object',
  required: ['DocumentType', 'DocumentCode', 'Version'],
  properties: { DocumentType: text, DocumentCode: text, Version: text },
  additionalProperties: odfValue,
} as const;

/** `{ "error": { "status", "message" } }`; an internal write adds the rows it refused or its log id. */
export const errorSchema = {
  $id: `${ID}Error.json`,
  type: 'object',
  additionalProperties: false,
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      additionalProperties: false,
      required: ['status', 'message'],
      properties: {
        status: { type: 'integer', minimum: 400, maximum: 599 },
        message: text,
        rows: { type: 'array', items: { type: 'object' } },
      },
    },
    logId: { type: 'integer' },
  },
} as const;
export type ApiError = FromSchema<typeof errorSchema>;

/** `/v.json`: the site's version, which a page compares with its own to know the site changed. */
export const siteVersionSchema = {
  $id: `${ID}SiteVersion.json`,
  type: 'object',
  additionalProperties: false,
  required: ['v'],
  properties: { v: text },
} as const;

/** `/healthz`: the service answers, with the number of documents it holds. */
export const healthSchema = {
  $id: `${ID}Health.json`,
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'documents'],
  properties: { ok: { const: true }, documents: count },
} as const;

/** What a search finds (src/web/search/hits.ts reads it): a sport, a delegation or an athlete. */
export const searchHitSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'code', 'name', 'href'],
  properties: {
    kind: { enum: ['sport', 'delegation', 'athlete'] },
    code: text,
    name: text,
    /** An athlete's delegation and sport. */
    detail: text,
    /** The page the hit opens, on the site. */
    href: { type: 'string', pattern: '^/' },
  },
} as const;
export type SearchHitBody = FromSchema<typeof searchHitSchema>;

/** `/api/search`: the query as read (trimmed, cut to its longest) and its hits in the reader's language. */
export const searchAnswerSchema = {
  $id: `${ID}SearchAnswer.json`,
  type: 'object',
  additionalProperties: false,
  required: ['query', 'hits'],
  properties: { query: text, hits: { type: 'array', items: searchHitSchema } },
} as const;

/**
 * The data of a live event (`/live`, src/core/live/channels.ts LiveEvent): this document now has this
 * version, its ETag to tell the bytes apart, and a small document's body itself.
 */
export const liveEventSchema = {
  $id: `${ID}LiveEvent.json`,
  type: 'object',
  additionalProperties: false,
  required: ['type', 'code', 'version', 'etag'],
  properties: { type: text, code: text, version: { type: 'integer', minimum: 0 }, etag: text, body: {} },
} as const;
export type LiveEventBody = FromSchema<typeof liveEventSchema>;
