/**
 * The service's one writer (odf/ingestWriter.ts): applies the message log's queue on a connection
 * of its own, so the threads that answer readers and take messages in never wait for it.
 */
import { workerData } from 'node:worker_threads';
import { openService, type ServiceOptions } from '../service';
import { serveThread } from '../threads/serveThread';
import { drainQueue } from './drainQueue';

const service = await openService(workerData as ServiceOptions);
serveThread('writer', () => drainQueue(service.ingestor, { deriveBeside: true }));
