/**
 * The shape of the route table (routes.ts): what the server answers, and everything its OpenAPI
 * description (openapi.ts) and its CORS policy (cors.ts) are made from.
 */
import type { LocaleId } from '../../core/sports/vocabulary';
import type { ComponentName } from './schemas';
import type { HeaderName } from './responseHeaders';

export type Method = 'GET' | 'HEAD' | 'POST';

/**
 * Who a route is for. `public`: the read API, described and open to other sites (CORS). `internal`:
 * the feed's and the operators' writes and reports, described, behind the admin token, never CORS.
 * `site`: the website's own files (the service worker, the icon), neither API nor described.
 */
export type Audience = 'public' | 'internal' | 'site';

/** A short text in the site's three languages (a developers' page shows them). */
export type Localised = Readonly<Record<LocaleId, string>>;

/** A JSON Schema written in place (a parameter's, a plain body's). */
export type InlineSchema = Readonly<Record<string, unknown>>;

export interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required?: boolean;
  readonly description: string;
  readonly schema: InlineSchema;
  /** A value that answers on the demo games; left out where the only values name a sport. */
  readonly example?: string;
}

/** A body: its media type, and its schema by name in the description's components. */
export interface Body {
  readonly media: string;
  readonly schema?: ComponentName | InlineSchema;
  readonly example?: unknown;
}

/** One status a route may answer. */
export interface Answer {
  readonly description: string;
  readonly body?: Body;
  readonly headers?: readonly HeaderName[];
}

export type Answers = Readonly<Partial<Record<number, Answer>>>;

/** What one path of the description says: a route's own, or one variant of it (documents by type). */
export interface Described {
  /** The path as OpenAPI writes it (`/api/crs/odf/json/{type}/{code}`). */
  readonly path: string;
  readonly summary: string;
  readonly description: string;
  readonly parameters: readonly Parameter[];
  readonly answers: Answers;
  /** An id unique among the variants of a route (an OpenAPI operationId is made of it). */
  readonly key?: string;
  /** Its summary in the site's three languages, where a variant has its own (else the route's). */
  readonly localised?: Localised;
}

export interface RouteSpec {
  readonly methods: readonly Method[];
  /** The path as OpenAPI writes it. */
  readonly path: string;
  /** The server's matcher: the whole path, groups for what its handler reads. */
  readonly match: RegExp;
  readonly audience: Audience;
  /** The description's group (an OpenAPI tag). */
  readonly tag: string;
  readonly summary: Localised;
  readonly description: string;
  /** The Cache-Control of its answers, as sent. */
  readonly caching: string;
  /** The Cache-Control once the answer's result is OFFICIAL, where it changes then. */
  readonly cachingOfficial?: string;
  readonly parameters: readonly Parameter[];
  readonly answers: Answers;
  /** Paths described in place of `path` (a document type each, with its own schema); else `path`. */
  readonly variants?: readonly Described[];
  /** Internal routes: `Authorization: Bearer $PODIUM_ADMIN_TOKEN`. */
  readonly token?: boolean;
  /** What a write takes as its body, in which media types. */
  readonly request?: { readonly description: string; readonly media: readonly string[] };
}
