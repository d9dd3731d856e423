/**
 * How the export fetches the files pages link to (reports, calendars, CSV downloads) from the
 * service on loopback (issue 51): with no time limit on an answer (a result book renders for
 * minutes; fetch's own 300 s limit on headers ended a full export with "fetch failed"), and a
 * transient failure retried a bounded number of times (a refused or reset connection, an answer
 * 5xx or 429): a report still rendering when a try gave up is kept by the service when done, so a
 * later try finds it. A 404 is no failure: the page links to a file that is not there (yet).
 * A file the mirror holds is asked for with its ETag (`If-None-Match`): a 304 says it is current,
 * and the service answers one without rendering or reading the file (a report's version is known
 * from its documents).
 */
import { get, type Agent } from 'node:http';

/** One try's answer: the status and the body. */
export interface Answer {
  readonly status: number;
  readonly body: Buffer;
  /** The answer's ETag, if it has one. */
  readonly etag?: string | undefined;
}

export type FileAnswer =
  | { readonly kind: 'file'; readonly body: Buffer; readonly etag?: string | undefined }
  /** The copy whose ETag was sent is current (304). */
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'missing'; readonly status: number }
  | { readonly kind: 'failed'; readonly cause: string; readonly tries: number };

export interface RetryPolicy {
  /** The waits before the second, third ... try (ms): their number is the retries. */
  readonly delays: readonly number[];
  readonly sleep?: (ms: number) => Promise<void>;
}

const transient = (status: number) => status >= 500 || status === 429;

/** One try: the file at `path`, conditional on `etag` when given. */
export type FetchOnce = (path: string, etag?: string) => Promise<Answer>;

/** The file at `path` by `once`, retried as `policy` says; `etag` is the copy held, if any. */
export async function fetchWithRetries(
  path: string,
  once: FetchOnce,
  policy: RetryPolicy,
  etag?: string,
): Promise<FileAnswer> {
  const sleep = policy.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let cause = '';
  for (let attempt = 0; attempt <= policy.delays.length; attempt += 1) {
    if (attempt > 0) await sleep(policy.delays[attempt - 1]!);
    try {
      const answer = await once(path, etag);
      if (answer.status === 304 && etag !== undefined) return { kind: 'unchanged' };
      if (answer.status >= 200 && answer.status < 300)
        return { kind: 'file', body: answer.body, ...(answer.etag ? { etag: answer.etag } : {}) };
      if (!transient(answer.status)) return { kind: 'missing', status: answer.status };
      cause = `HTTP ${answer.status}${answer.body.length > 0 ? `: ${answer.body.toString('utf8', 0, 200).trim()}` : ''}`;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      cause = `${(error as Error).message}${code && !(error as Error).message.includes(code) ? ` (${code})` : ''}`;
    }
  }
  return { kind: 'failed', cause, tries: policy.delays.length + 1 };
}

/** One GET on the service at `origin` (loopback), without a time limit: the service answers or fails. */
export function loopbackGet(origin: string, agent?: Agent): FetchOnce {
  return (path, etag) =>
    new Promise((resolve, reject) => {
      const headers = etag === undefined ? {} : { 'If-None-Match': etag };
      const request = get(new URL(path, origin), { agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), etag: response.headers.etag }),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
    });
}
