import { resolve } from 'node:path';
import type { MessageLogLimits } from './store/messageLog';

/** Settings of the results service, from the environment (README "Configuration"). */
export interface ServiceConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** Bearer token for internal writes; internal endpoints are switched off when it is unset. */
  readonly adminToken: string | undefined;
  readonly maxMessageBytes: number;
  /** The site's variant: `hongkong` is the Hong Kong venue's site, with its own title. */
  readonly siteVariant: SiteVariant;
  /**
   * Worker threads per server process that render pages (0: pages render on the thread that
   * serves), and whether posted messages are ingested on a thread of their own.
   */
  readonly renderThreads: number;
  /** The games' CompetitionCodes: messages naming another are refused; undefined ("*") accepts any. */
  readonly competitionCodes: readonly string[] | undefined;
  readonly ingestThread: boolean;
  /** How much of the message log is kept: bodies up to a total size, rows up to an age. */
  readonly messageLog: MessageLogLimits;
  /**
   * The site's address as readers reach it (scheme, host, port): the one source of absolute URLs
   * (calendars) and of the host a page is rendered for. Request headers never choose them.
   */
  readonly publicUrl: URL;
  /** Peers whose X-Forwarded-For is believed (the proxy of deploy/nginx.conf); by default loopback. */
  readonly trustedProxies: readonly string[];
  /** The most memory one server process's rendered pages may take. */
  readonly pageCacheBytes: number;
  /**
   * Where the pages answered to readers are written as files and kept current, for the cache in
   * front to send as files (deploy/nginx.conf, src/server/publish); undefined: not written.
   */
  readonly publishDir: string | undefined;
  /** Whether this process writes them (start.ts gives the role to one; PODIUM_PUBLISHER=0 the others). */
  readonly publishes: boolean;
  /**
   * Nchan's publisher location at the edge (deploy/nginx.conf), each change POSTed to it with its
   * channel appended, by the publishing process; undefined: pages subscribe to the service itself.
   */
  readonly livePublishUrl: string | undefined;
  /** The licence of the data and the line its users should show (the API's description, /developers). */
  readonly dataLicence: DataLicence;
  /** The export's waits before it tries a linked file again (PODIUM_EXPORT_RETRY_DELAYS_MS, ms). */
  readonly exportRetryDelaysMs: readonly number[];
}

/** The data's terms as the API's description states them (OpenAPI `info.license`, `x-attribution`). */
export interface DataLicence {
  readonly name: string;
  /** Where its text is; absent for a licence named without one. */
  readonly url: string | undefined;
  /** The credit line a site showing the data should carry. */
  readonly attribution: string;
}

/** An open licence, as the games' open data is meant to be; an operator names the games' own. */
const DEFAULT_LICENCE = { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' } as const;

export const SITE_VARIANTS = ['main', 'hongkong'] as const;
export type SiteVariant = (typeof SITE_VARIANTS)[number];
const isSiteVariant = (value: string): value is SiteVariant => (SITE_VARIANTS as readonly string[]).includes(value);

const MB = 1024 * 1024;
/** The 15th National Games, as the demo games and the venue feeds name them. */
const DEFAULT_COMPETITION_CODE = 'NG2025';

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  const maxMb = Number(env.PODIUM_MAX_MESSAGE_MB ?? 32);
  if (!(maxMb > 0))
    throw new Error(`PODIUM_MAX_MESSAGE_MB must be a positive number, not "${env.PODIUM_MAX_MESSAGE_MB}"`);
  const token = env.PODIUM_ADMIN_TOKEN?.trim();
  const variant = env.PODIUM_SITE_VARIANT?.trim() || 'main';
  if (!isSiteVariant(variant))
    throw new Error(`PODIUM_SITE_VARIANT must be one of ${SITE_VARIANTS.join(', ')}, not "${variant}"`);
  const renderThreads = Number(env.PODIUM_RENDER_THREADS ?? 1);
  if (!Number.isInteger(renderThreads) || renderThreads < 0 || renderThreads > 64)
    throw new Error(`PODIUM_RENDER_THREADS must be a whole number from 0 to 64, not "${env.PODIUM_RENDER_THREADS}"`);
  const ingestThread = env.PODIUM_INGEST_THREAD ?? '1';
  if (ingestThread !== '0' && ingestThread !== '1')
    throw new Error(`PODIUM_INGEST_THREAD must be 0 or 1, not "${ingestThread}"`);
  const competition = (env.PODIUM_COMPETITION_CODES ?? DEFAULT_COMPETITION_CODE).trim();
  const competitionCodes =
    competition === '*'
      ? undefined
      : competition
          .split(',')
          .map((code) => code.trim())
          .filter(Boolean);
  if (competitionCodes?.length === 0)
    throw new Error('PODIUM_COMPETITION_CODES must name at least one CompetitionCode, or be "*" for any');
  const logMb = Number(env.PODIUM_MESSAGE_LOG_MB ?? 4096);
  if (!(logMb > 0))
    throw new Error(`PODIUM_MESSAGE_LOG_MB must be a positive number, not "${env.PODIUM_MESSAGE_LOG_MB}"`);
  const logDays = Number(env.PODIUM_MESSAGE_LOG_DAYS ?? 90);
  if (!(logDays > 0))
    throw new Error(`PODIUM_MESSAGE_LOG_DAYS must be a positive number, not "${env.PODIUM_MESSAGE_LOG_DAYS}"`);
  const publicUrl = readPublicUrl(env.PODIUM_PUBLIC_URL, port);
  const trustedProxies = (env.PODIUM_TRUSTED_PROXIES ?? '127.0.0.1,::1')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  const pageCacheMb = Number(env.PODIUM_PAGE_CACHE_MB ?? 128);
  if (!(pageCacheMb > 0))
    throw new Error(`PODIUM_PAGE_CACHE_MB must be a positive number, not "${env.PODIUM_PAGE_CACHE_MB}"`);
  const publish = env.PODIUM_PUBLISH_DIR?.trim();
  const livePublishUrl = readLivePublishUrl(env.PODIUM_LIVE_PUBLISH_URL);
  const dataLicence = readDataLicence(env, publicUrl);
  const delays = (env.PODIUM_EXPORT_RETRY_DELAYS_MS ?? '1000,5000,20000').split(',').map((d) => Number(d.trim()));
  if (delays.some((d) => !Number.isInteger(d) || d < 0))
    throw new Error(
      `PODIUM_EXPORT_RETRY_DELAYS_MS must be waits in milliseconds separated by commas, not "${env.PODIUM_EXPORT_RETRY_DELAYS_MS}"`,
    );
  return {
    dataLicence,
    exportRetryDelaysMs: delays,
    livePublishUrl,
    port,
    publicUrl,
    publishDir: publish ? resolve(publish) : undefined,
    publishes: env.PODIUM_PUBLISHER !== '0',
    trustedProxies,
    pageCacheBytes: Math.floor(pageCacheMb * MB),
    messageLog: { maxBytes: Math.floor(logMb * MB), maxAgeDays: logDays },
    competitionCodes,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.PODIUM_DATA ?? 'data'),
    adminToken: token ? token : undefined,
    maxMessageBytes: Math.floor(maxMb * MB),
    siteVariant: variant,
    renderThreads,
    ingestThread: ingestThread === '1',
  };
}

/**
 * PODIUM_DATA_LICENCE, PODIUM_DATA_LICENCE_URL, PODIUM_ATTRIBUTION. The default licence's address
 * goes with the default name only: another licence named without an address has none. The default
 * credit is the site's address, in no language (the pages show it as written).
 */
function readDataLicence(env: NodeJS.ProcessEnv, publicUrl: URL): DataLicence {
  const name = env.PODIUM_DATA_LICENCE?.trim() || DEFAULT_LICENCE.name;
  const text = env.PODIUM_DATA_LICENCE_URL?.trim();
  let url: string | undefined = name === DEFAULT_LICENCE.name ? DEFAULT_LICENCE.url : undefined;
  if (text) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(text);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol))
      throw new Error(`PODIUM_DATA_LICENCE_URL must be an http(s) URL, not "${text}"`);
    url = parsed.href;
  }
  const attribution = env.PODIUM_ATTRIBUTION?.trim() || publicUrl.origin;
  return { name, url, attribution };
}

/** PODIUM_LIVE_PUBLISH_URL: an http(s) URL ending in `/`, to which a channel's name is appended. */
function readLivePublishUrl(text: string | undefined): string | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || !value.endsWith('/') || url.search || url.hash)
    throw new Error(
      `PODIUM_LIVE_PUBLISH_URL must be an http(s) URL ending in / such as http://127.0.0.1:8081/_live/pub/, not "${text}"`,
    );
  return value;
}

/** PODIUM_PUBLIC_URL: an http(s) origin with no path, query or credentials; by default this machine's port. */
function readPublicUrl(value: string | undefined, port: number): URL {
  const text = value?.trim() || `http://localhost:${port || 8080}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PODIUM_PUBLIC_URL must be the site's address such as https://results.example.org, not "${text}"`);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    url.pathname !== '/' ||
    url.search ||
    url.hash
  )
    throw new Error(`PODIUM_PUBLIC_URL must be an http(s) origin without path, query or credentials, not "${text}"`);
  return url;
}
