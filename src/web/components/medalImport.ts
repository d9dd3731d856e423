/**
 * The browser's side of POST /api/internal/medal/import (src/server/http/internal.ts,
 * src/server/medalImport.ts): building the request and reading the server's answer. Pure, so the
 * page stays a thin form and these rules are tested without a browser.
 */
export const MEDAL_IMPORT_ENDPOINT = '/api/internal/medal/import';

/** A problem with one row of the import; row 0 is the whole file (not JSON, no rows ...). */
export interface ImportRowError {
  row: number;
  message: string;
}

export type MedalImportOutcome =
  | { kind: 'applied'; importId: number; applied: number }
  | { kind: 'rejected'; message: string; rows: ImportRowError[] }
  | { kind: 'unauthorised'; message: string }
  | { kind: 'forbidden'; message: string }
  | { kind: 'tooLarge'; message: string }
  | { kind: 'failed'; status: number; message: string };

/** What the form lacks before it can be sent, if anything. */
export function importFormProblem(token: string, content: string): 'token' | 'content' | undefined {
  if (!token.trim()) return 'token';
  if (!content.trim()) return 'content';
  return undefined;
}

/** JSON when it looks like JSON (as the server decides too), else CSV. */
export const importContentType = (content: string): string =>
  /^\s*[[{]/.test(content) ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8';

/** The request: the token only in the Authorization header, the corrections as the body. */
export function buildMedalImportRequest(token: string, content: string): { url: string; init: RequestInit } {
  return {
    url: MEDAL_IMPORT_ENDPOINT,
    init: {
      method: 'POST',
      headers: { Authorization: `Bearer ${token.trim()}`, 'Content-Type': importContentType(content) },
      body: content,
      // Never from or into the HTTP cache, and no cookies: the token is the only credential.
      cache: 'no-store',
      credentials: 'omit',
    },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function rowErrors(value: unknown): ImportRowError[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isRecord)
    .map((r) => ({ row: typeof r.row === 'number' ? r.row : 0, message: String(r.message ?? '') }));
}

/**
 * The server's answer as an outcome: 201 `{ import, applied }`; 422 `{ error: { message, rows } }`
 * with every invalid row (nothing applied); 401 a token that does not match; 403 imports switched
 * off (no token configured); 413 too large; anything else a failure with the server's message.
 */
export function readMedalImportAnswer(status: number, body: unknown): MedalImportOutcome {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const message = typeof error?.message === 'string' ? error.message : '';
  if (status === 201 || status === 200) {
    if (isRecord(body) && typeof body.import === 'number' && typeof body.applied === 'number')
      return { kind: 'applied', importId: body.import, applied: body.applied };
    return { kind: 'failed', status, message: 'the server answered without the import it applied' };
  }
  if (status === 422) return { kind: 'rejected', message, rows: rowErrors(error?.rows) };
  if (status === 401) return { kind: 'unauthorised', message };
  if (status === 403) return { kind: 'forbidden', message };
  if (status === 413) return { kind: 'tooLarge', message };
  return { kind: 'failed', status, message: message || `Request failed with status code ${status}` };
}

/** Sends an import and reads the answer; a network failure is a failure with status 0. */
export async function sendMedalImport(
  token: string,
  content: string,
  fetcher: typeof fetch = fetch,
  base = '',
): Promise<MedalImportOutcome> {
  const { url, init } = buildMedalImportRequest(token, content);
  let response: Response;
  try {
    response = await fetcher(`${base}${url}`, init);
  } catch (error) {
    return { kind: 'failed', status: 0, message: `Network Error: ${(error as Error).message}` };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  return readMedalImportAnswer(response.status, body);
}
