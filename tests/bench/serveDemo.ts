/**
 * Serves the demo games on loopback for the benchmarks, in its own process (a benchmark that shares
 * the service's process measures its own work as the service's). Prints `listening <port>`.
 */
import type { AddressInfo } from 'node:net';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import { openDemoService } from '../support/demoService';
import { siteBuild } from '../support/siteBuild';

const service = await openDemoService();
const server = createPodiumServer(service, { config: readConfig({}), distDir: await siteBuild(), version: 'bench' });
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => {
  server.close();
  service.close();
  process.exit(0);
});
