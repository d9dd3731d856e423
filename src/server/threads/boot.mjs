// Starts a worker thread on a TypeScript module (workerData.module, a file URL). The service runs
// its sources through tsx, whose loader a worker thread does not inherit on Node 20: it is
// registered here, in the thread, before the module is imported.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
