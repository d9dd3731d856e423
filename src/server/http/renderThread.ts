/**
 * A render thread (ThreadPool): renders pages from its own read connection to the store, so a long
 * render (a 5,200-finisher marathon) never holds the thread that answers documents and /v.json.
 */
import { workerData } from 'node:worker_threads';
import { openDatabase } from '../store/database';
import { DocumentStore } from '../store/documents';
import { serveThread } from '../threads/serveThread';
import { storePageData } from './pageData';
import { pageRenderer, renderPage, type PageTask } from './renderPage';

const { dataDir } = workerData as { dataDir: string };
const store = new DocumentStore(openDatabase(dataDir));
const data = storePageData(store);
// Modules loaded and the renderer warmed before the first reader arrives (a cold first render is
// most of a second of module loading and compiling).
await (await pageRenderer()).preload();
await renderPage(
  { url: '/schedule/total', host: 'localhost', headers: {}, hongKong: false, assets: { scripts: [], styles: [] } },
  data,
  undefined,
).catch(() => undefined);
serveThread('render', (task: PageTask) => renderPage(task, data, (type, code) => store.etag(type, code)));
