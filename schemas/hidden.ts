import type { FromSchema } from 'json-schema-to-ts';
import { sportSchema } from './sport';

/**
 * The feed values every sport hides on purpose (sports/_shared/hidden.json): ODF structure a spectator
 * does not need as a value. Each mark is written as a sport's own `hidden` mark is (one definition,
 * the sport schema's), so the reason is required here too; a sport's marks add to these.
 */
export const sharedHiddenSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://podium.invalid/schemas/hidden.json',
  title: 'Podium shared hidden marks',
  description:
    'Feed values no sport shows, each with why (sports/_shared/hidden.json): a coded item\'s Code or an attribute name. A sport\'s own "hidden" marks add to them.',
  type: 'object',
  additionalProperties: false,
  required: ['hidden'],
  properties: {
    $schema: { type: 'string' },
    hidden: sportSchema.properties.hidden,
  },
} as const;

export type SharedHiddenFile = FromSchema<typeof sharedHiddenSchema>;
export type HiddenMarkConfig = SharedHiddenFile['hidden'][number];
