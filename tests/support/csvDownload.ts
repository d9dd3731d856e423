/**
 * A CSV download as a spreadsheet reads it: the bytes, their text (byte order mark kept, to be
 * checked), and the records as the kept library csv-parse reads them (RFC 4180, strict: every record
 * as long as the first, quotes only where they belong).
 */
import { parse } from 'csv-parse/sync';

export interface CsvDownload {
  readonly response: Response;
  readonly bytes: Buffer;
  /** The body as UTF-8, its byte order mark (U+FEFF) kept. */
  readonly text: string;
  readonly rows: string[][];
}

export async function downloadCsv(url: string, headers: Record<string, string> = {}): Promise<CsvDownload> {
  const response = await fetch(url, { headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  // TextDecoder drops a byte order mark by default: kept, so a test sees whether it is there.
  const text = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true }).decode(bytes);
  const rows = response.ok ? parseCsv(text) : [];
  return { response, bytes, text, rows };
}

export const parseCsv = (text: string): string[][] =>
  parse(text, { bom: true, relax_column_count: false, relax_quotes: false }) as string[][];
