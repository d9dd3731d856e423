/**
 * JSON Schema of a sport plugin (`sports/<CODE>/sport.json`) and of the shared sets it references.
 * Written `as const` so that json-schema-to-ts derives the TypeScript types from this one source;
 * `npm run codegen` writes the `.json` copies editors and CI use, and the ajv standalone validators.
 */
import type { FromSchema } from 'json-schema-to-ts';
import {
  BREAKPOINTS,
  COLUMN_PRIORITIES,
  CELL_KINDS,
  ID_PATTERN,
  COLUMN_ALIGNMENTS,
  LAYOUT_DOCUMENT_TYPES,
  LEGEND_ENTITIES,
  LEGEND_KEYS,
  LEGEND_MODULES,
  LOCALE_IDS,
  MENU_SLOTS,
  PAGE_IDS,
  SORT_DIRECTIONS,
  SORT_TYPES,
  UNIT_TAB_IDS,
  WIDGET_KINDS,
} from '../src/core/sports/vocabulary';
import { VALUE_PATH_MAX_LENGTH, VALUE_PATH_PATTERN } from '../src/core/valuePath/grammar';

export { ID_PATTERN };
export const SPORT_CODE_PATTERN = '^[A-Z0-9]{3}$';
export const LABEL_KEY_PATTERN = '^[a-z][A-Za-z0-9]*(?:\\.[A-Za-z0-9_]+)*$';
export const LEGEND_SET_NAME_PATTERN = '^[a-z][a-zA-Z0-9]*$';
/** Longest `ruleRegx`/`rscRegx` source: patterns are short, and the ReDoS check stays fast. */
export const REGEX_MAX_LENGTH = 200;

const nonEmptyText = { type: 'string', minLength: 1, maxLength: 400 } as const;

/** Shared definitions; every schema below embeds them so each stays self-contained for editors. */
const definitions = {
  localizedText: {
    description: 'A text in each of the three site languages.',
    type: 'object',
    additionalProperties: false,
    required: LOCALE_IDS,
    properties: { zh_CN: nonEmptyText, zh_HK: nonEmptyText, en_US: nonEmptyText },
  },
  valuePath: {
    description:
      'A value path into the normalised ODF JSON: names joined by ".", each optionally filtered by [index] or [Attr=Value&Attr2=Value2].',
    type: 'string',
    minLength: 1,
    maxLength: VALUE_PATH_MAX_LENGTH,
    pattern: VALUE_PATH_PATTERN,
  },
  labelKey: { type: 'string', pattern: LABEL_KEY_PATTERN },
  regexSource: {
    description:
      'A JavaScript regular expression source (no slashes or flags); must be safe from catastrophic backtracking.',
    type: 'string',
    minLength: 1,
    maxLength: REGEX_MAX_LENGTH,
  },
  labelSet: {
    description: 'Label texts by key, for one locale.',
    type: 'object',
    propertyNames: { pattern: LABEL_KEY_PATTERN },
    additionalProperties: nonEmptyText,
  },
  labels: {
    description: 'Label sets for zh_CN, zh_HK and en_US; every key present in all three.',
    type: 'object',
    additionalProperties: false,
    required: LOCALE_IDS,
    properties: {
      zh_CN: { $ref: '#/$defs/labelSet' },
      zh_HK: { $ref: '#/$defs/labelSet' },
      en_US: { $ref: '#/$defs/labelSet' },
    },
  },
  legendEntry: {
    description: 'One legend mark (spec section 3 "Legend entry").',
    type: 'object',
    additionalProperties: false,
    required: ['title', 'code', 'key', 'module', 'entity', 'description'],
    properties: {
      title: { description: 'The abbreviation shown in the table.', type: 'string', minLength: 1, maxLength: 16 },
      code: { description: 'The value matched in the field `key` names.', type: 'string', minLength: 1, maxLength: 16 },
      key: { description: 'Which result field carries the code.', enum: LEGEND_KEYS },
      module: {
        description: 'The views the mark shows in.',
        type: 'array',
        minItems: 1,
        uniqueItems: true,
        items: { type: 'string', enum: LEGEND_MODULES },
      },
      often: { description: 'Listed in the legend even when no row shows it.', type: 'boolean' },
      ruleRegx: {
        $ref: '#/$defs/regexSource',
        description: 'Matched on the raw value of the field instead of comparing it with `code`.',
      },
      rscRegx: {
        $ref: '#/$defs/regexSource',
        description: 'Only events whose code matches this pattern show the mark.',
      },
      field: {
        $ref: '#/$defs/valuePath',
        description: 'The value path read instead of the default field of `key`.',
      },
      entity: { description: 'The ODF entity the code belongs to.', enum: LEGEND_ENTITIES },
      description: { $ref: '#/$defs/localizedText' },
    },
  },
  legendSetReference: {
    description: 'A shared legend set (sports/_shared/legend/<set>.json), whole or in part.',
    type: 'object',
    additionalProperties: false,
    required: ['set'],
    properties: {
      set: { type: 'string', pattern: LEGEND_SET_NAME_PATTERN },
      only: {
        description: 'Take only these codes of the set.',
        type: 'array',
        minItems: 1,
        uniqueItems: true,
        items: { type: 'string', minLength: 1 },
      },
      field: {
        $ref: '#/$defs/valuePath',
        description: 'The value path the codes taken from the set are read from, instead of their key’s default.',
      },
      module: {
        description: 'Show the set in these views instead of the set’s own.',
        type: 'array',
        minItems: 1,
        uniqueItems: true,
        items: { type: 'string', enum: LEGEND_MODULES },
      },
    },
  },
  column: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'label', 'path', 'cell'],
    properties: {
      id: { type: 'string', pattern: ID_PATTERN },
      label: { $ref: '#/$defs/labelKey' },
      path: { $ref: '#/$defs/valuePath' },
      fallback: {
        $ref: '#/$defs/valuePath',
        description:
          'Read when `path` selects nothing: the IRM in a result cell, a bib on the athlete or the competitor.',
      },
      cell: { description: 'The core cell that renders the value.', enum: CELL_KINDS },
      width: { description: 'Preferred width in px.', type: 'integer', minimum: 24, maximum: 480 },
      align: { enum: COLUMN_ALIGNMENTS },
      priority: {
        description:
          'How much the column matters on a phone: essential columns always show; secondary ones move into the row details below sm, optional ones below md. Default: by cell kind (rank, name, organisation, time, score, IRM, marks, medal, WLT are essential).',
        enum: COLUMN_PRIORITIES,
      },
      hideBelow: {
        description: 'Moved into the row details on screens narrower than this breakpoint (overrides `priority`).',
        enum: BREAKPOINTS,
      },
      hideWhenEmpty: { description: 'Hidden when no row has a value.', type: 'boolean' },
    },
  },
  detail: {
    description: 'Row details: a small table of what one row holds (members, splits, attempts, sets).',
    type: 'object',
    additionalProperties: false,
    required: ['id', 'label', 'rows', 'columns'],
    properties: {
      id: { type: 'string', pattern: ID_PATTERN },
      label: { $ref: '#/$defs/labelKey' },
      rows: { $ref: '#/$defs/valuePath' },
      columns: { type: 'array', minItems: 1, items: { $ref: '#/$defs/column' } },
    },
  },
  groups: {
    description:
      'Rows shown in groups, one per element `path` finds (each team of a match), headed by its name: `path` is the start of the layout’s `rows`, and a group holds the rows beneath its element. Not with `groupBy`.',
    type: 'object',
    additionalProperties: false,
    required: ['path'],
    properties: {
      path: { $ref: '#/$defs/valuePath' },
      heading: {
        $ref: '#/$defs/valuePath',
        description:
          'Read on the group’s element for its heading, drawn by the name rules; default: the element itself.',
      },
      totals: {
        $ref: '#/$defs/labelKey',
        description:
          'The group’s element closes the group as a row read with the layout’s columns (a team’s own statistics); its name cells show this label, `{name}` replaced by the heading.',
      },
    },
  },
  sortKey: {
    type: 'object',
    additionalProperties: false,
    required: ['path'],
    properties: {
      path: { $ref: '#/$defs/valuePath' },
      type: { enum: SORT_TYPES },
      direction: { enum: SORT_DIRECTIONS },
    },
  },
  layout: {
    description: 'How one tab or page is drawn: the widget, the document it reads and its columns.',
    type: 'object',
    additionalProperties: false,
    required: ['widget', 'document'],
    properties: {
      widget: { enum: WIDGET_KINDS },
      document: { description: 'The document type the view reads.', enum: LAYOUT_DOCUMENT_TYPES },
      rows: { $ref: '#/$defs/valuePath', description: 'Where the rows are in the document.' },
      groupBy: { $ref: '#/$defs/valuePath', description: 'Rows are shown in groups of equal value.' },
      groups: { $ref: '#/$defs/groups' },
      legendModule: { description: 'Which legend marks this view shows.', enum: LEGEND_MODULES },
      columns: { type: 'array', minItems: 1, items: { $ref: '#/$defs/column' } },
      details: { type: 'array', items: { $ref: '#/$defs/detail' } },
      sections: {
        description:
          'Small tables read from the document itself, drawn under the main one: unit-level period scores, officials.',
        type: 'array',
        items: { $ref: '#/$defs/detail' },
      },
      sort: { type: 'array', minItems: 1, items: { $ref: '#/$defs/sortKey' } },
      live: {
        description:
          'Scoreboard only: where the current period and game clock are while the unit is played (DT_CURRENT `Clock`, or DT_RESULT `ExtendedInfos`).',
        type: 'object',
        additionalProperties: false,
        required: ['document'],
        properties: {
          document: { enum: ['DT_CURRENT', 'DT_RESULT'] },
          period: { $ref: '#/$defs/valuePath', description: 'The current period, set or round code.' },
          clock: { $ref: '#/$defs/valuePath', description: 'The game clock as the feed gives it (`mm:ss`).' },
        },
      },
    },
  },
  pageOptions: {
    type: 'object',
    additionalProperties: false,
    required: ['event'],
    properties: {
      event: { description: 'The page takes the `event` query parameter.', type: 'boolean' },
    },
  },
  menuEntry2: menuEntry(MENU_SLOTS['2']),
  menuEntry3: menuEntry(MENU_SLOTS['3']),
  menuEntry4: menuEntry(MENU_SLOTS['4']),
  menuEntry5: menuEntry(MENU_SLOTS['5']),
} as const;

function menuEntry<const P extends readonly string[]>(pages: P) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['page', 'label'],
    properties: { page: { enum: pages }, label: { $ref: '#/$defs/labelKey' } },
  } as const;
}

export const sportSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://podium.invalid/schemas/sport.json',
  title: 'Podium sport plugin',
  description: 'One sport of the games: its unit tabs, pages, submenu, legend, labels and layouts.',
  type: 'object',
  additionalProperties: false,
  required: ['code', 'name', 'unitTabs', 'pages', 'menu', 'legend', 'labels', 'layouts'],
  properties: {
    $schema: { type: 'string' },
    code: { description: 'The sport code; equals the folder name.', type: 'string', pattern: SPORT_CODE_PATTERN },
    name: { $ref: '#/$defs/localizedText' },
    unitTabs: {
      description: 'Tabs of a unit page, in order.',
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { type: 'string', pattern: ID_PATTERN },
    },
    ownTabs: {
      description: `Tab ids only this sport has, beside the core's (${UNIT_TAB_IDS.join(', ')}); each needs its label "tab.<id>".`,
      type: 'array',
      uniqueItems: true,
      items: { type: 'string', pattern: ID_PATTERN },
    },
    pages: {
      description: 'Sport-level pages, keyed by page id.',
      type: 'object',
      propertyNames: { pattern: ID_PATTERN },
      additionalProperties: { $ref: '#/$defs/pageOptions' },
    },
    ownPages: {
      description: `Page ids only this sport has, beside the core's (${PAGE_IDS.join(', ')}); each needs its label "page.<id>".`,
      type: 'array',
      uniqueItems: true,
      items: { type: 'string', pattern: ID_PATTERN },
    },
    menu: {
      description: 'Submenu entries keyed by position: 2 group or statistics, 3 bracket, 4 or 5 record.',
      type: 'object',
      additionalProperties: false,
      properties: {
        '2': { $ref: '#/$defs/menuEntry2' },
        '3': { $ref: '#/$defs/menuEntry3' },
        '4': { $ref: '#/$defs/menuEntry4' },
        '5': { $ref: '#/$defs/menuEntry5' },
      },
    },
    legend: {
      type: 'object',
      additionalProperties: false,
      required: ['sets', 'entries'],
      properties: {
        sets: { type: 'array', items: { $ref: '#/$defs/legendSetReference' } },
        entries: { type: 'array', items: { $ref: '#/$defs/legendEntry' } },
      },
    },
    labels: { $ref: '#/$defs/labels' },
    hidden: {
      description:
        'Feed values this sport does not show on purpose, each with why: a coded item\'s Code (ExtendedResult, StatsItem, EventUnitEntry ...) or an attribute name. Any other value no layout reads is shown under "More".',
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['code', 'reason'],
        properties: {
          code: {
            description:
              'A Code, an attribute name, or Element.Attribute (that attribute of elements of that name only).',
            type: 'string',
            pattern: '^[A-Za-z0-9_]{1,40}(?:\\.[A-Za-z0-9_]{1,40})?$',
          },
          reason: {
            description: 'Why spectators do not need it (for the next editor).',
            type: 'string',
            minLength: 10,
          },
        },
      },
    },
    layouts: {
      description: 'A layout for every declared unit tab and sport-level page.',
      type: 'object',
      additionalProperties: false,
      required: ['tabs', 'pages'],
      properties: {
        tabs: {
          type: 'object',
          propertyNames: { pattern: ID_PATTERN },
          additionalProperties: { $ref: '#/$defs/layout' },
        },
        pages: {
          type: 'object',
          propertyNames: { pattern: ID_PATTERN },
          additionalProperties: { $ref: '#/$defs/layout' },
        },
        scoreboard: {
          $ref: '#/$defs/layout',
          description:
            'A head-to-head unit opens with this scoreboard above its tabs (widget `scoreboard`): each side by the roles of its column ids, the periods from a section with `home` and `away` columns or from the first detail (sports/README.md, "Scoreboard").',
        },
      },
    },
  },
  $defs: definitions,
} as const;

export const legendSetSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://podium.invalid/schemas/legend-set.json',
  title: 'Podium shared legend set',
  description: 'Legend entries written once (sports/_shared/legend/<name>.json) and referenced by sports.',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'title', 'entries'],
  properties: {
    $schema: { type: 'string' },
    name: { description: 'Equals the file name.', type: 'string', pattern: LEGEND_SET_NAME_PATTERN },
    title: { $ref: '#/$defs/localizedText' },
    entries: { type: 'array', minItems: 1, items: { $ref: '#/$defs/legendEntry' } },
  },
  $defs: definitions,
} as const;

export const sharedLabelsSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://podium.invalid/schemas/labels.json',
  title: 'Podium shared labels',
  description: 'Labels every sport inherits (sports/_shared/labels.json); a sport’s own labels override them.',
  type: 'object',
  additionalProperties: false,
  required: ['labels'],
  properties: {
    $schema: { type: 'string' },
    labels: { $ref: '#/$defs/labels' },
  },
  $defs: definitions,
} as const;

export type SportConfig = FromSchema<typeof sportSchema>;
export type LegendSetFile = FromSchema<typeof legendSetSchema>;
export type SharedLabelsFile = FromSchema<typeof sharedLabelsSchema>;
export type LegendEntry = SportConfig['legend']['entries'][number];
export type LegendSetReference = SportConfig['legend']['sets'][number];
export type Layout = NonNullable<SportConfig['layouts']['tabs'][string]>;
export type LayoutColumn = NonNullable<Layout['columns']>[number];
export type Labels = SportConfig['labels'];
