import type { ServerResponse } from 'node:http';

/**
 * Headers every response carries. Not Cross-Origin-Opener-Policy (issue 27): a page with it is put
 * in a browsing context group, and on Android a process, of its own, so every arrival lays the
 * page out in a cold renderer; Lighthouse measured the medal table's total blocking time at
 * 170–320 ms with it and 40–140 ms without, the same bytes otherwise. The site keeps no secret a
 * window reference could reach (the internal pages send their token only in their own requests).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * The headers of an embed (`/embed/...`, pages/embed): those of every response but the refusal to
 * be framed, which its policy's `frame-ancestors *` replaces (DESIGN section 5: embed routes are the
 * only pages other sites may frame).
 */
export const EMBED_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SECURITY_HEADERS).filter(([name]) => name !== 'X-Frame-Options'),
);

/** Who may frame a page: nobody (every page), or any site (an embed). */
export type Framing = 'none' | 'any';

/**
 * The site's Content-Security-Policy: scripts only from the site itself, or the one inline boot
 * script by its hash (`bootHash`, the same for every page of a build, so pages can be cached); the
 * hydration data is a non-executable JSON script. No `unsafe-eval` (validators are precompiled,
 * value paths compiled without eval). Only an embed may be framed, by any site.
 */
export function contentSecurityPolicy(bootHash: string, framing: Framing = 'none'): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${bootHash}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    framing === 'any' ? 'frame-ancestors *' : "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Cache-Control of documents (DESIGN section 6): short freshness, then served stale while a cache
 * revalidates, and for a day if the origin fails. An OFFICIAL result changes rarely: a longer window.
 */
export function documentCacheControl(status: string | null): string {
  const maxAge = status === 'OFFICIAL' ? 60 : 5;
  return `public, max-age=${maxAge}, stale-while-revalidate=30, stale-if-error=86400`;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_STORE = 'no-store';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': NO_STORE,
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

/** A JSON error: `{ "error": { "status", "message" } }`. */
export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { error: { status, message } }, headers);
}
