// Starts a worker thread on a TypeScript module (workerData.module, a file URL) when the service runs
// from its sources through tsx (development, tests), whose loader a worker thread does not inherit on
// Node 20: it is registered here, in the thread, before the module is imported. The build starts its
// compiled thread modules directly (threadEntry.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
