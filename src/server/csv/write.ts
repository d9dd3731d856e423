/**
 * A table as CSV text (RFC 4180), written by the kept library csv-stringify: CRLF between records,
 * a field quoted when it holds a comma, a quote (doubled) or a line break. Led by a UTF-8 byte
 * order mark: without it, spreadsheet programs (Excel above all) read the bytes in the machine's
 * legacy code page and the Chinese names come out garbled.
 */
import { stringify } from 'csv-stringify/sync';

/** Rows of text, the first the column headings; every row as long as the headings. */
export type CsvRows = readonly (readonly string[])[];

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export function csvText(rows: CsvRows): string {
  return stringify(
    rows.map((row) => [...row]),
    {
      bom: true,
      record_delimiter: 'windows',
      // csv-stringify quotes a line break only when it is its record delimiter; RFC 4180 quotes any.
      quoted_match: /[\r\n]/,
    },
  );
}
