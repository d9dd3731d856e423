/**
 * The deriver beside the service's one writer (odf/ingestWriter.ts): makes the derived documents of
 * the messages the writer applied, from the notes it leaves in the store, on a connection of its
 * own. The writer goes on applying meanwhile, so a message's own document is served within a
 * batch, however long the medal table or the schedules take to make again.
 */
import { workerData } from 'node:worker_threads';
import { openService, type ServiceOptions } from '../service';
import { serveThread } from '../threads/serveThread';
import { deriveWhilePending } from './deriveWhilePending';

const service = await openService(workerData as ServiceOptions);
serveThread('deriver', () => deriveWhilePending(service.ingestor));
