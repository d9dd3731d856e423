/**
 * The closed vocabularies of a sport plugin, each written once `as const`.
 * The JSON Schema (`schemas/sport.ts`), the generated types and the core all derive from these
 * tuples, so adding a tab or a cell kind is one edit here.
 */

import { WIDGET_KINDS } from '../../generated/widgetKinds';
import { CELL_KINDS } from '../../generated/cellKinds';

/** Locales of the site (spec section 1). */
export const LOCALE_IDS = ['zh_CN', 'zh_HK', 'en_US'] as const;
export type LocaleId = (typeof LOCALE_IDS)[number];

/**
 * How a delegation is shown in a result: by its short name where readers know delegations by name
 * (Chinese pages: 广东, not GDG), by its code with the name beside it where there is room (English).
 */
export const DELEGATION_DISPLAY: Readonly<Record<LocaleId, 'name' | 'code'>> = {
  zh_CN: 'name',
  zh_HK: 'name',
  en_US: 'code',
};

/**
 * A sport code no plugin may take (`sports:check` refuses it): tests and examples use it for "not a
 * sport", so they hold however many sports `sports/` has and whatever their codes.
 */
export const NOT_A_SPORT_CODE = 'ZZZ';

/** An id of a tab, page, column or detail as plugins write them. */
export const ID_PATTERN = '^[a-z][A-Za-z0-9]*$';

/**
 * Tab ids of a unit page that the core knows (DESIGN section 3, spec section 2 "Unit pages"): those
 * several sports share. A tab only one sport has (gymnastics' `cumulative3A`, diving's
 * `motionexplain`) is declared by its plugin in `ownTabs`, with its label: a new one needs no core edit.
 */
export const UNIT_TAB_IDS = [
  'startlist',
  'result',
  'report',
  'statistics',
  'summary',
  'bracket',
  'playByPlay',
] as const;
export type UnitTabId = (typeof UNIT_TAB_IDS)[number];

/**
 * Sport-level page ids the core knows (spec section 2 "Sport-level pages"): those several sports share
 * and those the submenu points to. A page only one sport has is declared by its plugin in `ownPages`.
 */
export const PAGE_IDS = ['brackets', 'poolstanding', 'summary', 'group', 'statistics', 'record'] as const;
export type PageId = (typeof PAGE_IDS)[number];

/**
 * Submenu positions (spec section 2 "Per-sport submenus") and the pages each may point to:
 * 2 = group or statistics, 3 = bracket, 4 or 5 = record.
 */
export const MENU_SLOTS = {
  '2': ['poolstanding', 'group', 'statistics'],
  '3': ['brackets'],
  '4': ['record'],
  '5': ['record'],
} as const satisfies Record<string, readonly PageId[]>;
export type MenuSlot = keyof typeof MENU_SLOTS;

/** Which result field a legend entry is read from (spec section 3 "Legend entry"). */
export const LEGEND_KEYS = ['IRM', 'Card', 'QualificationMark', 'WARNINGS', 'RecordType', 'Value', 'WLT'] as const;
export type LegendKey = (typeof LEGEND_KEYS)[number];

/** Views a legend mark may show in. */
export const LEGEND_MODULES = [
  'result',
  'summary',
  'summaryTeam',
  'brackets',
  'teamResult',
  'itemPoll',
  'pool',
  'stat',
] as const;
export type LegendModule = (typeof LEGEND_MODULES)[number];

/** ODF entity a legend code belongs to; the last three are the spec's tags for sparring. */
export const LEGEND_ENTITIES = [
  '@IRM',
  '@Entry',
  '@QualificationMark',
  '@Statistics',
  '@Action',
  '@WLT',
  '@PhaseIdentificator',
  'CUSTOM',
  '@CompetitorPlace',
  '@Irregularity',
  '@ResultType',
] as const;
export type LegendEntity = (typeof LEGEND_ENTITIES)[number];

/** Named cells the core renders; a column picks one by name (DESIGN section 3): the folders of src/cells/. */
export { CELL_KINDS };
export type CellKind = (typeof CELL_KINDS)[number];

/** Widgets a layout is drawn by; the core picks a renderer by this name (unknown panel otherwise). */
export { WIDGET_KINDS };
export type WidgetKind = (typeof WIDGET_KINDS)[number];

/** Documents a layout can be drawn from: ODF message types, plus the service's derived report list. */
export const LAYOUT_DOCUMENT_TYPES = [
  'DT_RESULT',
  'DT_START_LIST',
  'DT_PHASE_RESULT',
  'DT_CUMULATIVE_RESULT',
  'DT_POOL_STANDING',
  'DT_BRACKETS',
  'DT_PLAY_BY_PLAY',
  'DT_STATS',
  'DT_RECORD',
  'DT_RANKING',
  'DT_MEDALLISTS',
  'DT_PARTIC',
  'REPORT_LIST',
] as const;
export type LayoutDocumentType = (typeof LAYOUT_DOCUMENT_TYPES)[number];

export const COLUMN_ALIGNMENTS = ['start', 'center', 'end'] as const;

/** Breakpoints below which a column may be hidden (px widths in the core's theme). */
export const BREAKPOINTS = ['sm', 'md', 'lg'] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];

/**
 * How much a column matters on a narrow screen: `essential` columns are always shown (what a
 * spectator on a phone came for: rank, name, delegation, result, IRM); the others move into the
 * row's details below their breakpoint instead of making the table scroll.
 */
export const COLUMN_PRIORITIES = ['essential', 'secondary', 'optional'] as const;
export type ColumnPriority = (typeof COLUMN_PRIORITIES)[number];

/** Where a priority's columns leave the row for its details (`hideBelow` in a layout overrides). */
export const PRIORITY_HIDE_BELOW: Readonly<Record<ColumnPriority, Breakpoint | undefined>> = {
  essential: undefined,
  secondary: 'sm',
  optional: 'md',
};

export const SORT_TYPES = ['number', 'text', 'time'] as const;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
