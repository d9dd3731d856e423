/**
 * A render thread (ThreadPool): renders pages from its own read connection to the store, so a long
 * render (a 5,200-finisher marathon) never holds the thread that answers documents and /v.json.
 */
import { workerData } from 'node:worker_threads';
import { SERVER_TABLE_ROWS } from '../../core/views';
import { openDatabase } from '../store/database';
import { DocumentStore } from '../store/documents';
import { serveThread } from '../threads/serveThread';
import { pageRenderer, renderPage, type PageTask } from './renderPage';

const { dataDir } = workerData as { dataDir: string };
const store = new DocumentStore(openDatabase(dataDir));
await pageRenderer();
serveThread((task: PageTask) =>
  renderPage(
    task,
    { document: async <T>(type: string, code: string) => store.json<T>(type, code), tableRowLimit: SERVER_TABLE_ROWS },
    (type, code) => store.get(type, code)?.etag ?? '',
  ),
);
