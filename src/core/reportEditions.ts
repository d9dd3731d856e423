/**
 * The editions of the PDF reports (issue 50): the standard one in Simplified Chinese and English,
 * and Hong Kong's in Traditional Chinese as Hong Kong writes it and English. English pages link the
 * standard edition (its English is the same).
 */
import type { LocaleId } from './sports/vocabulary';

/**
 * The editions, keyed by the page locale that links each: what they print is the service's
 * (server/reports/editions.ts, a table keyed by these). Only the keys and addresses are here: the
 * site's pages link from them without carrying the printing.
 */
export const REPORT_EDITIONS = ['zh_CN', 'zh_HK'] as const satisfies readonly LocaleId[];

export type ReportEdition = (typeof REPORT_EDITIONS)[number];
/** The edition at /reports/{code}/{kind}.pdf, the address REPORT_LIST gives; the others add their key. */
export const STANDARD_EDITION: ReportEdition = 'zh_CN';
/** The editions at an address of their own, `/reports/{edition}/{code}/{kind}.pdf`. */
export const OTHER_EDITIONS = REPORT_EDITIONS.filter((e) => e !== STANDARD_EDITION);

export const isReportEdition = (value: string): value is ReportEdition =>
  (REPORT_EDITIONS as readonly string[]).includes(value);

/** The edition a page in `locale` links: its own where there is one, else the standard one. */
export const reportEditionOf = (locale: LocaleId): ReportEdition =>
  isReportEdition(locale) ? locale : STANDARD_EDITION;

/** The folder of an edition's reports: `/reports/`, or `/reports/{edition}/`. */
export const reportFolder = (edition: ReportEdition): string =>
  edition === STANDARD_EDITION ? '/reports/' : `/reports/${edition}/`;

/** A rendered report's standard address, as REPORT_LIST's `file` gives it: /reports/{code}/{kind}.pdf. */
const STANDARD_FILE = /^\/reports\/([A-Z0-9-]{34}\/[A-Z0-9]{3}\.pdf)$/;

/**
 * The address a page in `locale` links for a report REPORT_LIST names by its standard `file`: the
 * page's edition. Any other file (one placed in the data folder) has one edition, as it is.
 */
export function reportFileIn(file: string, locale: LocaleId): string {
  const rest = STANDARD_FILE.exec(file)?.[1];
  return rest === undefined ? file : `${reportFolder(reportEditionOf(locale))}${rest}`;
}
