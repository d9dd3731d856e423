/** The report kinds Podium renders, by ODF report code, with their names. */
export const REPORT_KINDS = {
  C51: { ENG: 'Start List', CHI: '出场名单' },
  C73: { ENG: 'Results', CHI: '成绩公告' },
  C95: { ENG: 'Result Book', CHI: '成绩册' },
} as const;
export type ReportKind = keyof typeof REPORT_KINDS;
export const isReportKind = (value: string): value is ReportKind => Object.hasOwn(REPORT_KINDS, value);

/** The stable URL of a report: the same for every version (the list says which version it is). */
export const reportUrl = (code: string, kind: ReportKind): string => `/reports/${code}/${kind}.pdf`;
