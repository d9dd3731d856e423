/**
 * The ingest thread (ThreadPool): messages posted to the service are parsed, stored and derived
 * here, on a connection of its own, so a 22 MB message never holds the thread that answers
 * documents, pages and /v.json. The other connections see its commits (DocumentStore).
 */
import { workerData } from 'node:worker_threads';
import { openService, type ServiceOptions } from '../service';
import { serveThread } from '../threads/serveThread';
import { ingestSafely, type IngestTask } from './ingestAnswer';

const options = workerData as ServiceOptions;
const service = await openService(options);
serveThread(({ body, source, refused }: IngestTask) =>
  ingestSafely(() =>
    refused === undefined
      ? service.ingestor.ingest(Buffer.from(body.buffer, body.byteOffset, body.byteLength), source)
      : service.ingestor.refuseAtDoor(refused, source),
  ),
);
