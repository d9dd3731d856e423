/**
 * What a render thread (renderThread.ts) takes: a page to render, a CSV file to make (csv/make.ts)
 * or a report PDF (reports/make.ts). All are long work kept off the serving thread (issue 14), on
 * the same threads, which hold the store's connection and the loaded modules already.
 */
import type { CsvOutcome } from '../csv/cache';
import { csvFromThread, type CsvRequest } from '../csv/make';
import { reportFromThread, type ReportOutcome, type ReportRequest } from '../reports/make';
import type { ThreadPool } from '../threads/pool';
import { pageFromThread, type PageTask, type RenderOutcome } from './renderPage';

export type RenderTask = PageTask | { readonly csv: CsvRequest } | { readonly report: ReportRequest };
export type RenderAnswer = RenderOutcome | CsvOutcome | ReportOutcome;
export type RenderThreads = ThreadPool<RenderTask, RenderAnswer>;

/** A page rendered on a render thread. */
export async function renderOnThread(threads: RenderThreads, task: PageTask): Promise<RenderOutcome> {
  const answer = await threads.run(task);
  if (!('kind' in answer)) throw new Error(`a render thread answered the page ${task.url} with something else`);
  return pageFromThread(answer);
}

/** A CSV file made on a render thread. */
export async function csvOnThread(threads: RenderThreads, request: CsvRequest): Promise<CsvOutcome> {
  const answer = await threads.run({ csv: request });
  if ('kind' in answer || 'report' in answer)
    throw new Error(`a render thread answered the CSV file ${request.key} with something else`);
  return csvFromThread(answer);
}

/** A report PDF rendered on a render thread. */
export async function reportOnThread(threads: RenderThreads, request: ReportRequest): Promise<ReportOutcome> {
  const answer = await threads.run({ report: request });
  if ('kind' in answer || 'file' in answer)
    throw new Error(`a render thread answered the report ${request.code} ${request.kind} with something else`);
  return reportFromThread(answer);
}
