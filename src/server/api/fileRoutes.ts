/**
 * The public API's files: PDF reports and schedules as calendars. Readable by other sites like the
 * rest of the public API; after it in the order the server matches.
 */
import { CALENDAR_CACHE_CONTROL } from '../calendar/serve';
import { REPORT_CACHE_CONTROL, REPORT_FILE_CACHE_CONTROL, REPORT_PATH } from '../reports/serve';
import { REPORT_KINDS } from '../reports/types';
import { errorAnswer, lang, notModified, PUBLIC_ANSWER_HEADERS } from './answers';
import type { Answers, Parameter } from './types';

const READ = ['GET', 'HEAD'] as const;

const PDF_ANSWERS: Answers = {
  200: {
    description: 'The whole PDF.',
    body: { media: 'application/pdf' },
    headers: ['ETag', 'Cache-Control', 'Accept-Ranges', ...PUBLIC_ANSWER_HEADERS],
  },
  206: {
    description: 'The byte range asked for (`Range`; with `If-Range`, only while the ETag is current).',
    body: { media: 'application/pdf' },
    headers: ['ETag', 'Content-Range', 'Accept-Ranges', ...PUBLIC_ANSWER_HEADERS],
  },
  304: notModified,
  404: errorAnswer('No such report (a start list before its unit has one, results before they are official).'),
  416: errorAnswer('The range starts past the end.', ['Content-Range']),
};

const ICS_ANSWERS = (notFound: string): Answers => ({
  200: {
    description: 'The calendar: one event per dated unit, its UID the unit code, times in the venue zone.',
    body: { media: 'text/calendar' },
    headers: ['ETag', 'Cache-Control', 'Vary', ...PUBLIC_ANSWER_HEADERS],
  },
  304: notModified,
  ...(notFound ? { 404: errorAnswer(notFound) } : {}),
});

const REPORT_DESCRIPTION =
  "A start list (C51) or results (C73) of a unit, or a discipline's result book (C95), rendered on first request for each version (REPORT_LIST names them). The URL stays; the ETag follows the version.";
const REPORT_PARAMETERS: readonly Parameter[] = [
  {
    name: 'code',
    in: 'path',
    required: true,
    description: "The unit's RSC (a discipline's for C95).",
    schema: { type: 'string', pattern: '^[A-Z0-9]{3}[A-Z0-9-]{31}$' },
  },
  {
    name: 'kind',
    in: 'path',
    required: true,
    description: 'The ODF report code.',
    schema: { enum: Object.keys(REPORT_KINDS) },
    example: 'C73',
  },
];
const REPORT_ANSWERS: Answers = {
  ...PDF_ANSWERS,
  503: errorAnswer('The font the reports embed is not installed on the service.'),
};

const code3 = (name: string, description: string, example?: string): Parameter => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', pattern: '^[A-Z0-9]{3}$' },
  ...(example ? { example } : {}),
});

const followed = (name: string, what: string, example?: string): Parameter => ({
  name,
  in: 'query',
  description: `${what} codes to follow, separated by commas (at most 100).`,
  schema: { type: 'string' },
  ...(example ? { example } : {}),
});

export const FILE_ROUTES = {
  report: {
    methods: READ,
    path: '/reports/{code}/{kind}.pdf',
    match: REPORT_PATH,
    audience: 'public',
    tag: 'reports',
    summary: {
      zh_CN: '比赛单元或分项的 PDF 报告',
      zh_HK: '比賽單元或分項的 PDF 報告',
      en_US: 'A PDF report of a unit or a discipline',
    },
    description: REPORT_DESCRIPTION,
    caching: REPORT_CACHE_CONTROL,
    parameters: REPORT_PARAMETERS,
    answers: REPORT_ANSWERS,
    // Two addresses, one per edition: the standard one REPORT_LIST gives, and Hong Kong's.
    variants: [
      {
        path: '/reports/{code}/{kind}.pdf',
        summary: 'A PDF report of a unit or a discipline',
        description: `${REPORT_DESCRIPTION} In Simplified Chinese and English: the address REPORT_LIST gives.`,
        parameters: REPORT_PARAMETERS,
        answers: REPORT_ANSWERS,
      },
      {
        key: 'zh_HK',
        path: '/reports/zh_HK/{code}/{kind}.pdf',
        summary: 'A PDF report, Hong Kong edition',
        localised: {
          zh_CN: 'PDF 报告（香港版，繁体中文）',
          zh_HK: 'PDF 報告（香港版，繁體中文）',
          en_US: 'A PDF report, Hong Kong edition',
        },
        description: `${REPORT_DESCRIPTION} In Traditional Chinese as Hong Kong writes it (people's names too) and English, in Noto Sans CJK's Hong Kong glyphs; the site's zh_HK pages link it. REPORT_LIST gives the standard address: this one adds \`zh_HK/\` after \`/reports/\`.`,
        parameters: REPORT_PARAMETERS,
        answers: REPORT_ANSWERS,
      },
    ],
  },
  reportFile: {
    methods: READ,
    path: '/reports/{file}',
    match: /^\/reports\/(.+)$/,
    audience: 'public',
    tag: 'reports',
    summary: {
      zh_CN: '数据目录中的 PDF 报告',
      zh_HK: '數據目錄中的 PDF 報告',
      en_US: 'A PDF report placed in the data folder',
    },
    description: "A file under the data folder's `reports/` (a path below it), as placed there.",
    caching: REPORT_FILE_CACHE_CONTROL,
    parameters: [
      { name: 'file', in: 'path', required: true, description: 'Its path under reports/.', schema: { type: 'string' } },
    ],
    answers: PDF_ANSWERS,
  },
  calendarDelegation: {
    methods: READ,
    path: '/calendar/delegation/{org}.ics',
    match: /^\/calendar\/delegation\/([A-Z0-9]{3})\.ics$/,
    audience: 'public',
    tag: 'calendars',
    summary: {
      zh_CN: '代表团赛程日历（iCalendar）',
      zh_HK: '代表團賽程日曆（iCalendar）',
      en_US: "A delegation's schedule as a calendar",
    },
    description: 'The units its athletes and teams compete in, as an iCalendar subscription.',
    caching: CALENDAR_CACHE_CONTROL,
    parameters: [code3('org', 'The delegation.', 'GDG'), lang],
    answers: ICS_ANSWERS('No schedule for this delegation.'),
  },
  calendarDiscipline: {
    methods: READ,
    path: '/calendar/discipline/{code}.ics',
    match: /^\/calendar\/discipline\/([A-Z0-9]{3})\.ics$/,
    audience: 'public',
    tag: 'calendars',
    summary: { zh_CN: '分项赛程日历', zh_HK: '分項賽程日曆', en_US: "A discipline's schedule as a calendar" },
    description: "The discipline's units, as an iCalendar subscription.",
    caching: CALENDAR_CACHE_CONTROL,
    parameters: [code3('code', 'The discipline.'), lang],
    answers: ICS_ANSWERS('No schedule for this discipline.'),
  },
  calendarFollow: {
    methods: READ,
    path: '/calendar/follow.ics',
    match: /^\/calendar\/follow\.ics$/,
    audience: 'public',
    tag: 'calendars',
    summary: { zh_CN: '关注赛程日历', zh_HK: '關注賽程日曆', en_US: "A reader's followed schedule as a calendar" },
    description: "The units of the delegations, disciplines and athletes a reader follows (the site's follow list).",
    caching: CALENDAR_CACHE_CONTROL,
    parameters: [
      followed('delegation', 'Delegation', 'GDG,HKG'),
      followed('discipline', 'Discipline'),
      followed('athlete', 'Athlete'),
      lang,
    ],
    answers: { ...ICS_ANSWERS(''), 400: errorAnswer('More than 100 codes of a kind.') },
  },
} as const;
