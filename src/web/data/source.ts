/**
 * Where loaders read documents: the service's store when rendering on the server (passed as the
 * request context), the API over HTTP in the browser. Loaders never fetch in effects.
 */
export interface DataSource {
  document<T>(type: string, code: string): Promise<T | undefined>;
}

export const API_TIMEOUT_MS = 15_000;

/** Transport errors in the spec's words (section 8). */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/** The browser's source: GET /api/crs/odf/json/{type}/{code}, 15 s timeout, aborted with the navigation. */
export function httpSource(signal?: AbortSignal, fetcher: typeof fetch = fetch): DataSource {
  return {
    async document<T>(type: string, code: string): Promise<T | undefined> {
      const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await fetcher(`/api/crs/odf/json/${encodeURIComponent(type)}/${encodeURIComponent(code)}`, {
          signal: combined,
        });
      } catch (error) {
        if (timeout.aborted) throw new TransportError(`timeout of ${API_TIMEOUT_MS}ms exceeded`);
        if (signal?.aborted) throw new TransportError('Request aborted');
        throw new TransportError(`Network Error${error instanceof Error ? `: ${error.message}` : ''}`);
      }
      if (response.status === 404) return undefined;
      if (!response.ok) throw new TransportError(`Request failed with status code ${response.status}`, response.status);
      return (await response.json()) as T;
    },
  };
}

/** The request context the server passes to loaders. */
export interface LoaderContext {
  data?: DataSource;
}

export function sourceFor(context: unknown, request: Request): DataSource {
  const data = (context as LoaderContext | undefined)?.data;
  return data ?? httpSource(request.signal);
}
