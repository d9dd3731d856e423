/**
 * The document route described per type: one path for each derived type, with its code's pattern
 * and its body's schema, and one for the stored ODF documents (`DT_*`). The types, patterns and
 * schemas are the service's own (DERIVED_TYPES, documentSchemas): only the sentences are written here.
 */
import type { ApiDocumentType } from '../../../schemas/api';
import { DERIVED_TYPES } from '../derive';
import { documentCacheControl } from '../http/headers';
import { ODF_CODE } from '../http/documents';
import { DOCUMENT_TYPE_PATTERN } from '../odf/envelope';
import { errorAnswer, notModified, PUBLIC_ANSWER_HEADERS } from './answers';
import type { ComponentName } from './schemas';
import type { Answers, Described, Parameter } from './types';

/** What each derived type holds, and a code that answers on the demo games (none names a sport). */
const DERIVED: Readonly<Record<ApiDocumentType, { readonly summary: string; readonly example?: string }>> = {
  SCHEDULE: {
    summary: "The schedule's index: days, disciplines and venues with unit and medal counts",
    example: 'ALL',
  },
  SCHEDULE_DAY: { summary: "A day's units in schedule order (or the units without a date)", example: '2025-11-12' },
  SCHEDULE_DISCIPLINE: { summary: "A discipline's units in schedule order (its RSC, padded with `-`)" },
  SCHEDULE_DELEGATION: { summary: "The units a delegation's athletes and teams compete in", example: 'GDG' },
  SCHEDULE_GRID: { summary: 'Disciplines by day: what the schedule grid shows', example: 'ALL' },
  SCHEDULE_NON: { summary: 'Ceremonies and other entries that are not competitions', example: 'ALL' },
  FINALS: { summary: "A day's medal units with their medallists", example: '2025-11-12' },
  MEDALLISTS: { summary: 'Every medallist', example: 'ALL' },
  MEDAL_TALLY: {
    summary: 'The medal table: gold, silver, bronze, ranked (imported corrections included)',
    example: 'ALL',
  },
  RECORDS: { summary: "Records broken, from the results' record indicators", example: 'ALL' },
  PARTICIPANTS: { summary: "A delegation's or a discipline's athletes and teams", example: 'GDG' },
  ENTRIES: { summary: "A delegation's or a discipline's entries by event", example: 'GDG' },
  DELEGATION: { summary: "A delegation's profile (`ALL`: every delegation)", example: 'GDG' },
  REPORT_LIST: { summary: "PDF reports of the games (`ALL`), a discipline's or a unit's", example: 'ALL' },
  COMMON_CODE: { summary: 'A code table (as `/api/crs/commonCode/{table}`)', example: 'discipline' },
  COMPETITORS: { summary: 'Every individual or every team, one line each', example: 'INDIVIDUALS' },
  COMPETITOR_PROFILES: { summary: "Competitors' profiles, by bucket of their code (`00` to `FF`)", example: '00' },
  COMPETITOR_RESULTS: { summary: "Competitors' results and medals, by bucket of their code", example: '00' },
  NAMES: { summary: 'The names a page joins to its rows by code (an event or discipline RSC)' },
};

const DOCUMENT_ANSWERS = (body: ComponentName): Answers => ({
  200: {
    description: 'The document (gzip when accepted), with its validators.',
    body: { media: 'application/json', schema: body },
    headers: ['ETag', 'Last-Modified', 'Cache-Control', 'Vary', ...PUBLIC_ANSWER_HEADERS],
  },
  304: notModified,
  400: errorAnswer('The type or the code is malformed (checked by pattern before any look-up).'),
  404: errorAnswer('No such document.'),
  503: errorAnswer('Stored but damaged, and not rebuilt yet: ask again later.', ['Retry-After']),
});

export const DOCUMENT_CACHING = `${documentCacheControl(null)}; once a result is OFFICIAL, ${documentCacheControl('OFFICIAL')}`;

const codeParameter = (pattern: RegExp, description: string, example?: string): Parameter => ({
  name: 'code',
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', pattern: pattern.source },
  ...(example === undefined ? {} : { example }),
});

/** One path per derived type, then the stored ODF documents'. */
export function documentPaths(): Described[] {
  const derived = [...DERIVED_TYPES].map(([type, pattern]): Described => {
    const what = DERIVED[type as ApiDocumentType];
    return {
      key: type,
      path: `/api/crs/odf/json/${type}/{code}`,
      summary: what.summary,
      description: `The derived document ${type}/{code}, rebuilt in the transaction of the message that changes its inputs.`,
      parameters: [codeParameter(pattern, `What the ${type} document is of.`, what.example)],
      answers: DOCUMENT_ANSWERS(type as ApiDocumentType),
    };
  });
  const stored: Described = {
    key: 'ODF',
    path: '/api/crs/odf/json/{type}/{code}',
    summary: 'A stored ODF document (DT_RESULT, DT_SCHEDULE ...), as JSON',
    description:
      'A document as the feed sent it, in the JSON that keeps ODF\'s names (schema OdfDocument): attributes as strings, child elements always as arrays, values never converted. `Language="CHI"` texts gain a `Language="CHT"` twin. What a document holds is its message type\'s, as the ODF data dictionaries define it.',
    parameters: [
      {
        name: 'type',
        in: 'path',
        required: true,
        description: 'The ODF message type.',
        schema: { type: 'string', pattern: DOCUMENT_TYPE_PATTERN.source },
        example: 'DT_RESULT',
      },
      codeParameter(
        ODF_CODE,
        'The RSC of the level the type is addressed at (34 characters, right-padded with `-`: a discipline is its three letters and 31 hyphens), or `ALL`.',
      ),
    ],
    answers: DOCUMENT_ANSWERS('OdfDocument'),
  };
  return [...derived, stored];
}
