/**
 * NAMES/{event or discipline RSC}: the names a page joins to its rows by code (DESIGN section 4). A
 * result names people in English only, or not at all; their names in the games' language live in
 * DT_PARTIC (`LocalFamilyName`/`LocalGivenName`), a team's in DT_PARTIC_TEAMS and the code tables.
 * Built by src/server/derive/names.ts, read by src/core/namesDirectory.ts.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { directoryPersonSchema, localTextSchema } from './parts';

export const namesDirectorySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['people', 'teams'],
  properties: {
    /** Athletes, officials and coaches by participant code: family and given names per language, and pinyin. */
    people: { type: 'object', additionalProperties: directoryPersonSchema },
    /** Teams by team code: the team's name per language. */
    teams: { type: 'object', additionalProperties: localTextSchema },
  },
} as const;
export type NamesDirectory = FromSchema<typeof namesDirectorySchema>;
