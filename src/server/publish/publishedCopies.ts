/**
 * What the service publishes, as files in the published folder (publishedFolder.ts): a page in a
 * language, and a document at its API path. The names say what a copy is whatever its file; the
 * files are the layout deploy/nginx.conf looks up.
 */
import { gzipSync } from 'node:zlib';
import type { CachedPage } from '../http/pageCache';
import type { StoredDocument } from '../store/documents';
import type { PublishedCopy } from './publisher';

/** A page as published: its file in the mirror's layout (export/pageFiles.ts). */
export function pageCopy(pageFile: string, page: CachedPage): PublishedCopy {
  return { file: pageFile, status: page.status, body: page.html, gzip: page.gzip, dependencies: page.dependencies };
}

/** Below this a gzip copy gains nothing (the service sends such a document plain too). */
const GZIP_MIN_BYTES = 1024;

/**
 * A document as published: at its API path under `live` or `official`, which nginx sends with the
 * Cache-Control the service gives each (headers.ts documentCacheControl); it reads only itself. Its
 * gzip copy is made when it is written: a copy the publisher does not write costs no compression.
 */
export function documentCopy(apiPath: string, document: StoredDocument): PublishedCopy {
  const body = Buffer.from(document.body);
  let gzip: Buffer | undefined;
  return {
    file: `documents/${document.status === 'OFFICIAL' ? 'official' : 'live'}${apiPath}`,
    status: 200,
    body,
    get gzip() {
      gzip ??= body.length >= GZIP_MIN_BYTES ? gzipSync(body, { level: 6 }) : undefined;
      return gzip;
    },
    dependencies: [{ type: document.type, code: document.code, etag: document.etag }],
  };
}
