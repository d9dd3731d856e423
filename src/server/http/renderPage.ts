import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { channelOf, MAX_CHANNELS } from '../../core/live/channels';
import { untypedDocument, type DataSource } from '../../web/data/source';
import { LIVE_CHANNELS_ID } from '../../web/live/pageChannels';
import type { CachedPage, DocumentVersions, PageDependency } from './pageCache';

/** What a page render needs from a request: plain data, so a render thread can take it. */
export interface PageTask {
  readonly url: string;
  /** The Host the browser asked for (already checked to be a plain host name). */
  readonly host: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly hongKong: boolean;
  readonly assets: PageAssets;
}

export interface PageAssets {
  readonly scripts: string[];
  readonly styles: string[];
  readonly inlineCss?: string;
}

export type RenderOutcome =
  { kind: 'redirect'; status: number; location: string; setCookie?: string } | { kind: 'page'; page: CachedPage };

let renderer: Promise<typeof import('../../web/entry-server')> | undefined;
/** The React app's server entry, loaded on first use (a service that serves no page never loads it). */
export const pageRenderer = () => (renderer ??= import('../../web/entry-server'));

/**
 * Renders one page to its HTML and gzip, recording the documents (and their versions) its loaders
 * read: the page stays right for as long as they keep those versions (pageCache.ts).
 */
export async function renderPage(
  task: PageTask,
  data: DataSource,
  versions: DocumentVersions | undefined,
): Promise<RenderOutcome> {
  const { render } = await pageRenderer();
  const dependencies: PageDependency[] = [];
  const reading = (live: boolean) =>
    ((type: string, code: string) => {
      dependencies.push({ type, code, etag: versions!(type, code), ...(live ? {} : { live }) });
      return untypedDocument(data, type, code);
    }) as DataSource['document'];
  const recording: DataSource = versions
    ? { ...data, document: reading(true), unfollowed: { ...data, document: reading(false) } }
    : data;
  const request = new Request(new URL(task.url, `http://${task.host}`), { headers: new Headers(task.headers) });
  const result = await render(request, {
    data: recording,
    hongKong: task.hongKong,
    ...task.assets,
  });
  if (result.kind === 'redirect') return result;
  const html = withLiveChannels(await collect(result.stream), result.status, dependencies);
  return {
    kind: 'page',
    page: {
      status: result.status,
      html,
      gzip: gzipSync(html, { level: 6 }),
      etag: `"p${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      dependencies,
    },
  };
}

/**
 * The page's HTML with the live channels of the documents it follows, each with the ETag of the
 * copy it was rendered from (web/live/pageChannels.ts): what its script subscribes to, and what
 * it compares a channel's first event with. Only a page found has them.
 */
function withLiveChannels(html: Buffer, status: number, dependencies: readonly PageDependency[]): Buffer {
  if (status !== 200) return html;
  const found = new Map<string, string>();
  for (const { type, code, etag, live } of dependencies) {
    const channel = live === false ? undefined : channelOf(type, code);
    if (channel) found.set(channel, etag);
  }
  // Sorted: loaders read at once, in any order, and the same page must be the same bytes (its ETag).
  const channels = Object.fromEntries([...found].sort(([a], [b]) => (a < b ? -1 : 1)).slice(0, MAX_CHANNELS));
  const end = html.lastIndexOf('</body>');
  if (found.size === 0 || end === -1) return html;
  // Channel names and ETags hold no `<` (core/live/channels.ts, store/documents.ts strongEtag).
  const script = `<script type="application/json" id="${LIVE_CHANNELS_ID}">${JSON.stringify(channels)}</script>`;
  return Buffer.concat([html.subarray(0, end), Buffer.from(script), html.subarray(end)]);
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A page as it arrives from a render thread (buffers come as plain Uint8Arrays). */
export function pageFromThread(outcome: RenderOutcome): RenderOutcome {
  if (outcome.kind !== 'page') return outcome;
  const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    kind: 'page',
    page: { ...outcome.page, html: asBuffer(outcome.page.html), gzip: asBuffer(outcome.page.gzip) },
  };
}
