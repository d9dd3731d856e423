import type { IncomingMessage } from 'node:http';

/**
 * Who sent a request and for which site, decided from the connection and the configuration only:
 * request headers are believed only from a configured proxy (deploy/nginx.conf on this machine),
 * and never choose an address the answer will carry.
 */

/** The proxies of `PODIUM_TRUSTED_PROXIES` by default: nginx on this machine. */
export const LOOPBACK_PROXIES: readonly string[] = ['127.0.0.1', '::1'];

/** The peer's address, an IPv4 address mapped into IPv6 written as IPv4. */
const peerOf = (req: IncomingMessage): string => (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');

/** Whether the request came through a trusted proxy (the peer is one, and it said it forwarded). */
export function viaTrustedProxy(req: IncomingMessage, trusted: readonly string[]): boolean {
  return req.headers['x-forwarded-for'] !== undefined && trusted.includes(peerOf(req));
}

/**
 * The client a request comes from: its socket's address, or, through a trusted proxy, the address
 * the proxy put last in X-Forwarded-For (what a client writes there itself comes before it).
 */
export function clientOf(req: IncomingMessage, trusted: readonly string[] = LOOPBACK_PROXIES): string {
  const peer = peerOf(req);
  if (!viaTrustedProxy(req, trusted)) return peer;
  const forwarded = String(req.headers['x-forwarded-for'])
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return forwarded.at(-1) ?? peer;
}

const LOCAL_HOSTNAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The host a page is rendered for: `localhost` for a browser on this machine talking to the service
 * itself (the header's language switch shows there, spec section 2), else the site's public host
 * whatever the request's Host says. So a page has two variants at most, never one per Host.
 */
export function pageHost(req: IncomingMessage, publicUrl: URL, trusted: readonly string[]): string {
  const hostname = /^(\[[0-9A-Fa-f:.]+\]|[^:]*)/.exec(req.headers.host ?? '')?.[1]?.toLowerCase() ?? '';
  if (LOCAL_HOSTNAMES.has(hostname) && !viaTrustedProxy(req, trusted)) return 'localhost';
  return publicPageHost(publicUrl);
}

/** The public site's host for a page: `public.invalid` when the configured address is this machine's own (the default). */
export const publicPageHost = (publicUrl: URL): string =>
  LOCAL_HOSTNAMES.has(publicUrl.hostname) ? 'public.invalid' : publicUrl.host;
