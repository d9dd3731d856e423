import { reportFolder, STANDARD_EDITION, type ReportEdition } from '../../core/reportEditions';

/** The report kinds Podium renders, by ODF report code, with their names in each edition's text. */
export const REPORT_KINDS = {
  C51: { ENG: 'Start List', CHI: '出场名单', CHT: '出場名單' },
  C73: { ENG: 'Results', CHI: '成绩公告', CHT: '成績公告' },
  C95: { ENG: 'Result Book', CHI: '成绩册', CHT: '成績冊' },
} as const;
export type ReportKind = keyof typeof REPORT_KINDS;
export const isReportKind = (value: string): value is ReportKind => Object.hasOwn(REPORT_KINDS, value);

/**
 * The stable URL of a report: the same for every version (the list says which version it is). The
 * standard edition's is /reports/{code}/{kind}.pdf, another's /reports/{edition}/{code}/{kind}.pdf.
 */
export const reportUrl = (code: string, kind: ReportKind, edition: ReportEdition = STANDARD_EDITION): string =>
  `${reportFolder(edition)}${code}/${kind}.pdf`;
