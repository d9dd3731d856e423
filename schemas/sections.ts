import type { FromSchema } from 'json-schema-to-ts';
import { LAYOUT_DOCUMENT_TYPES } from '../src/core/sports/vocabulary';
import { sportSchema } from './sport';

/**
 * Layout parts every sport inherits (sports/_shared/sections.json): unit-level sections (a result's
 * officials) and row details (a team's coaches) appended to each table layout of a document, so the
 * same table is not written into every plugin. A layout that declares a section or detail of the
 * same id keeps its own (a sport overrides or opts out that way).
 */
export const sharedSectionsSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://podium.invalid/schemas/sections.json',
  title: 'Podium shared layout sections',
  description:
    'Sections and row details appended to every table layout of a document (sports/_shared/sections.json); a layout with a section or detail of the same id keeps its own.',
  type: 'object',
  additionalProperties: false,
  required: ['shared'],
  properties: {
    $schema: { type: 'string' },
    shared: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['document'],
        properties: {
          document: { description: 'The table layouts of this document get them.', enum: LAYOUT_DOCUMENT_TYPES },
          rows: {
            $ref: '#/$defs/valuePath',
            description: 'Only layouts whose `rows` is this path (the row details read each row of it).',
          },
          sections: {
            description: 'Appended to the layout’s `sections`: tables read from the document itself.',
            type: 'array',
            items: { $ref: '#/$defs/detail' },
          },
          details: {
            description: 'Appended to the layout’s `details`: tables read from each row.',
            type: 'array',
            items: { $ref: '#/$defs/detail' },
          },
        },
      },
    },
  },
  $defs: sportSchema.$defs,
} as const;

export type SharedSectionsFile = FromSchema<typeof sharedSectionsSchema>;
export type SharedLayoutParts = SharedSectionsFile['shared'];
