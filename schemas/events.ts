/**
 * JSON Schema of a sport's event programme (`sports/<CODE>/events.json`): the events of the games in
 * that sport, their phases, field sizes and venue. The demo games are generated from it, and the
 * discipline tree falls back on its names. Written `as const`; types derive from it.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** Phases an event may run through, in the order they run. */
export const PHASE_KINDS = [
  'QUAL', // qualification round (ranking round, preliminaries)
  'HEAT', // heats of a race
  'GP', // group stage: pools A to F, everyone plays everyone in a pool
  'R32', // knockout: round of 32
  'R16', // knockout: round of 16
  'QFNL', // quarterfinals
  'SFNL', // semifinals
  'BRNZ', // bronze medal match
  'FNL', // final (or final race, final round)
  'RND', // one of several rounds whose results add up (golf, sailing races, combined events)
] as const;
export type PhaseKind = (typeof PHASE_KINDS)[number];

const localName = {
  type: 'object',
  additionalProperties: false,
  required: ['zh_CN', 'en_US'],
  properties: {
    zh_CN: { type: 'string', minLength: 1, maxLength: 60 },
    en_US: { type: 'string', minLength: 1, maxLength: 80 },
  },
} as const;

export const eventsSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://podium.invalid/schemas/events.json',
  title: 'Podium event programme of one sport',
  type: 'object',
  additionalProperties: false,
  required: ['code', 'venue', 'events'],
  properties: {
    $schema: { type: 'string' },
    code: { type: 'string', pattern: '^[A-Z0-9]{3}$' },
    scoring: {
      description:
        'How a match is scored: how many periods (sets, halves, innings, rounds) and the points a side makes in one.',
      type: 'object',
      additionalProperties: false,
      required: ['periods', 'perPeriod'],
      properties: {
        periods: { type: 'integer', minimum: 1, maximum: 12 },
        perPeriod: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'integer', minimum: 0, maximum: 200 } },
        scorerStat: {
          description:
            "The code of the player statistic (`Athlete/StatsItems/StatsItem/@Code`) that counts a player's scores in the sport's DT_RESULT, as its dictionary names it (football: GF), so the demo's scorers add up to the team's score.",
          type: 'string',
          pattern: '^[A-Z0-9_]{1,20}$',
        },
      },
    },
    speed: {
      description: 'Typical speed in m/s over the events’ distances, so made-up times are believable.',
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 30,
    },
    venue: {
      description: 'Where the sport is held.',
      type: 'object',
      additionalProperties: false,
      required: ['code', 'name', 'city'],
      properties: {
        code: { type: 'string', pattern: '^[A-Z0-9]{3}$' },
        name: localName,
        city: {
          enum: [
            'Guangzhou',
            'Shenzhen',
            'Foshan',
            'Dongguan',
            'Zhuhai',
            'Jiangmen',
            'Zhaoqing',
            'Shantou',
            'Huizhou',
            'Zhongshan',
            'Qingyuan',
            'Zhanjiang',
            'Yunfu',
            'Yangjiang',
            'Shanwei',
            'Hong Kong',
            'Macao',
          ],
        },
      },
    },
    treeEvents: {
      description:
        'Events the discipline tree lists although no unit competes for them (age-group classifications); the site adds them when the service’s tree lacks them.',
      type: 'array',
      maxItems: 12,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'gender', 'name', 'team'],
        properties: {
          id: { type: 'string', pattern: '^[A-Z0-9][A-Z0-9-]{0,17}$' },
          gender: { enum: ['M', 'W', 'X', 'O'] },
          name: localName,
          team: { type: 'boolean' },
        },
      },
    },
    events: {
      type: 'array',
      minItems: 1,
      maxItems: 12,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'gender', 'name', 'team', 'phases', 'field'],
        properties: {
          id: {
            description: 'The event part of the RSC (up to 18 capitals, digits or "-").',
            type: 'string',
            pattern: '^[A-Z0-9][A-Z0-9-]{0,17}$',
          },
          gender: { enum: ['M', 'W', 'X', 'O'] },
          name: localName,
          team: { description: 'Competitors are teams (relays, pairs, team games).', type: 'boolean' },
          phases: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: PHASE_KINDS } },
          field: { description: 'How many competitors enter.', type: 'integer', minimum: 2, maximum: 6000 },
          example: {
            description:
              'The kind of DT_RESULT example (examples/DT_RESULT.<kind>.xml) its units are written like in the demo: a field event, a relay; by default the example of the same event, else of the same form (match or field).',
            type: 'string',
            pattern: '^[A-Za-z0-9_-]{1,40}$',
          },
          rounds: {
            description: 'How many RND rounds (golf 4, sailing races ...).',
            type: 'integer',
            minimum: 2,
            maximum: 12,
          },
        },
      },
    },
  },
} as const;

export type EventProgramme = FromSchema<typeof eventsSchema>;
export type ProgrammeEvent = EventProgramme['events'][number];
