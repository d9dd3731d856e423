/**
 * The receiving thread (ThreadPool): messages posted to the service are read, checked and logged
 * here, on a connection of its own, so a 22 MB message never holds the thread that answers
 * documents, pages and /v.json. The service's one writer (ingestWriter.ts) applies them.
 */
import { workerData } from 'node:worker_threads';
import { openService, type ServiceOptions } from '../service';
import { serveThread } from '../threads/serveThread';
import { writeWhenFree } from '../store/writeWhenFree';
import { receiveSafely, type IngestTask } from './ingestAnswer';
import type { LogWrite } from './ingest';

const options = workerData as ServiceOptions;
const service = await openService(options);
// A message answered is a message kept: each commit here reaches the disk before the answer.
service.db.pragma('synchronous = FULL');
const whenFree: LogWrite = (write) => writeWhenFree(service.db, write);
serveThread('receiver', ({ body, source, refused }: IngestTask) =>
  receiveSafely(() =>
    refused === undefined
      ? service.ingestor.receive(Buffer.from(body.buffer, body.byteOffset, body.byteLength), source, whenFree)
      : whenFree(() => service.ingestor.refuseAtDoor(refused, source)),
  ),
);
