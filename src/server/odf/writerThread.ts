/**
 * The service's one writer (odf/ingestWriter.ts): applies the message log's queue on a connection
 * of its own, so the threads that answer readers and take messages in never wait for it.
 */
import { workerData } from 'node:worker_threads';
import { openService, type ServiceOptions } from '../service';
import { serveThread } from '../threads/serveThread';
import { drainQueue } from './drainQueue';

const service = await openService(workerData as ServiceOptions);
// Not behind the readers: with 32 readers at full load, a writer at nice 10 got a tenth of a core
// and applied 1 to 9 messages a second while the same queue, readers gone, drained at 80 a second
// (bench:ingest). During a final the feed is what readers wait for.
serveThread(() => drainQueue(service.ingestor, { deriveBeside: true }), { yieldCpu: false });
