/**
 * What a render thread (renderThread.ts) takes: a page to render, or a CSV file to make
 * (csv/make.ts). Both are long work on the site's loaders, kept off the serving thread (issue 14)
 * on the same threads, which hold the store's connection and the loaded page modules already.
 */
import type { CsvOutcome } from '../csv/cache';
import { csvFromThread, type CsvRequest } from '../csv/make';
import type { ThreadPool } from '../threads/pool';
import { pageFromThread, type PageTask, type RenderOutcome } from './renderPage';

export type RenderTask = PageTask | { readonly csv: CsvRequest };
export type RenderAnswer = RenderOutcome | CsvOutcome;
export type RenderThreads = ThreadPool<RenderTask, RenderAnswer>;

/** A page rendered on a render thread. */
export async function renderOnThread(threads: RenderThreads, task: PageTask): Promise<RenderOutcome> {
  const answer = await threads.run(task);
  if (!('kind' in answer)) throw new Error(`a render thread answered the page ${task.url} with a CSV file`);
  return pageFromThread(answer);
}

/** A CSV file made on a render thread. */
export async function csvOnThread(threads: RenderThreads, request: CsvRequest): Promise<CsvOutcome> {
  const answer = await threads.run({ csv: request });
  if ('kind' in answer) throw new Error(`a render thread answered the CSV file ${request.key} with a page`);
  return csvFromThread(answer);
}
