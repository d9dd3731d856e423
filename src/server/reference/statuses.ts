/**
 * Code tables that come from ODF itself rather than from a games' data: statuses and types, each
 * `[Id, English, Simplified Chinese]` (the Traditional text is derived).
 */
export const SCHEDULE_STATUSES = [
  ['SCHEDULED', 'Scheduled', '已排期'],
  ['GETTING_READY', 'Getting ready', '准备中'],
  ['RUNNING', 'Running', '进行中'],
  ['INTERRUPTED', 'Interrupted', '中断'],
  ['DELAYED', 'Delayed', '延迟'],
  ['POSTPONED', 'Postponed', '推迟'],
  ['RESCHEDULED', 'Rescheduled', '重新安排'],
  ['CANCELLED', 'Cancelled', '取消'],
  ['FINISHED', 'Finished', '已结束'],
  ['UNSCHEDULED', 'Unscheduled', '未排期'],
] as const;

export const RESULT_STATUSES = [
  ['START_LIST', 'Start list', '出场名单'],
  ['LIVE', 'Live', '实时'],
  ['INTERMEDIATE', 'Intermediate', '中间成绩'],
  ['UNCONFIRMED', 'Unconfirmed', '未确认'],
  ['UNOFFICIAL', 'Unofficial', '非正式'],
  ['OFFICIAL', 'Official', '正式'],
  ['PROTESTED', 'Protested', '申诉中'],
  ['PARTIAL', 'Partial', '部分成绩'],
] as const;

export const SESSION_TYPES = [
  ['MOR', 'Morning', '上午'],
  ['AFT', 'Afternoon', '下午'],
  ['EVE', 'Evening', '晚上'],
  ['ALL', 'All day', '全天'],
] as const;

export const PHASE_TYPES = [
  // The kinds of schedule entry real ODF schedules carry (Paris 2024 DT_SCHEDULE samples): opening
  // and closing ceremonies 0, every competition unit from the first round to the final 3, a team
  // meeting 4, a victory ceremony 6, a draw 7. The round is the phase part of the unit's code.
  ['0', 'Other', '其他'],
  ['3', 'Competition unit', '比赛单元'],
  ['4', 'Meeting', '会议'],
  ['6', 'Victory ceremony', '颁奖仪式'],
  ['7', 'Draw', '抽签'],
] as const;

export const EVENT_UNIT_TYPES = [
  ['HTH', 'Head to head', '对抗赛'],
  ['IND', 'Individual performance', '个人赛'],
  ['TEAM', 'Team performance', '团体赛'],
] as const;

export const GENDERS = [
  ['M', 'Men', '男子'],
  ['W', 'Women', '女子'],
  ['X', 'Mixed', '混合'],
  ['O', 'Open', '公开'],
] as const;

export const REPORT_TYPES = [
  ['C51', 'Start list', '出场名单'],
  ['C73', 'Results', '成绩公告'],
  ['C74', 'Results summary', '成绩汇总'],
  ['C93', 'Medallists', '奖牌获得者'],
  ['C95', 'Result book', '成绩册'],
] as const;
