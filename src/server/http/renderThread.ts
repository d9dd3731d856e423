/**
 * A render thread (ThreadPool): renders pages, makes CSV files and report PDFs (renderTasks.ts), from its own
 * read connection to the store, so a long render (a 5,200-finisher marathon) never holds the thread
 * that answers documents and /v.json.
 */
import { workerData } from 'node:worker_threads';
import { openDatabase } from '../store/database';
import { DocumentStore } from '../store/documents';
import { makeCsv } from '../csv/make';
import { serveThread } from '../threads/serveThread';
import { storePageData } from './pageData';
import { lazyDescription, type DescriptionOptions } from '../api/openapi';
import { pageRenderer, renderPage } from './renderPage';
import type { RenderAnswer, RenderTask } from './renderTasks';
import { makeReport } from '../reports/make';
import type { ResolvedSport } from '../../core/sports/types';

const { dataDir, description } = workerData as { dataDir: string; description?: DescriptionOptions };
const store = new DocumentStore(openDatabase(dataDir));
const data = storePageData(store, description && lazyDescription(description));
// Modules loaded and the renderer warmed before the first reader arrives (a cold first render is
// most of a second of module loading and compiling).
await (await pageRenderer()).preload();
await renderPage(
  { url: '/schedule/total', host: 'localhost', headers: {}, hongKong: false, assets: { scripts: [], styles: [] } },
  data,
  undefined,
).catch(() => undefined);
// The sports' plugins, loaded with the first report (a thread that renders none never loads them).
let sports: Promise<ResolvedSport[]> | undefined;
const loadedSports = () => (sports ??= import('../service').then((service) => service.loadSports()));
serveThread('render', async (task: RenderTask): Promise<RenderAnswer> => {
  if ('csv' in task) return makeCsv(store, task.csv);
  if ('report' in task) return makeReport(store, await loadedSports(), task.report);
  return renderPage(task, data, (type, code) => store.etag(type, code));
});
