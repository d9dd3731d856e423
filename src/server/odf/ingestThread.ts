/**
 * The ingest thread (ThreadPool): messages posted to the service are parsed, stored and derived
 * here, on a connection of its own, so a 22 MB message never holds the thread that answers
 * documents, pages and /v.json. The other connections see its commits (DocumentStore).
 */
import { workerData } from 'node:worker_threads';
import { openService } from '../service';
import { serveThread } from '../threads/serveThread';
import { ingestSafely, type IngestTask } from './ingestAnswer';

const { dataDir, maxMessageBytes, competitionCodes } = workerData as {
  dataDir: string;
  maxMessageBytes: number;
  competitionCodes?: readonly string[];
};
const service = await openService({ dataDir, maxMessageBytes, ...(competitionCodes ? { competitionCodes } : {}) });
serveThread(({ body, source }: IngestTask) =>
  ingestSafely(() => service.ingestor.ingest(Buffer.from(body.buffer, body.byteOffset, body.byteLength), source)),
);
