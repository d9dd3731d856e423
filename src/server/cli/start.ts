/**
 * `npm start`: opens (or creates) the store in PODIUM_DATA, ingests the demo games on first start
 * when a demo generator is present, builds the site if it is missing, and serves the site and the
 * API on PORT (default 8080).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR } from './paths';
import { readConfig } from '../config';
import { createPodiumServer } from '../http/server';
import { openService } from '../service';

const config = readConfig();
const started = performance.now();
const service = await openService({ dataDir: config.dataDir, maxMessageBytes: config.maxMessageBytes });

const feedDocuments = service.db.prepare('SELECT count(*) AS n FROM documents WHERE derived = 0').get() as {
  n: number;
};
if (feedDocuments.n === 0) {
  console.log(`podium: the store in ${config.dataDir} is empty; load ODF with: npm run ingest -- <files or folders>`);
}

const distDir = join(ROOT_DIR, 'dist');
if (!existsSync(join(distDir, 'index.html')) && existsSync(join(ROOT_DIR, 'index.html'))) {
  console.log('podium: building the site (vite build) ...');
  const build = spawnSync(process.execPath, [join(ROOT_DIR, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: ROOT_DIR,
    stdio: 'inherit',
  });
  if (build.status !== 0) console.error('podium: the site did not build; serving the API only');
}

const version = (JSON.parse(readFileSync(join(ROOT_DIR, 'package.json'), 'utf8')) as { version: string }).version;
const server = createPodiumServer(service, { config, distDir, version });
server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const ms = Math.round(performance.now() - started);
  console.log(`podium: serving ${service.store.count()} documents from ${config.dataDir}`);
  console.log(`podium: listening on http://localhost:${port}/ (ready in ${ms} ms)`);
  if (!config.adminToken)
    console.log('podium: internal writes are off (set PODIUM_ADMIN_TOKEN to enable POST /api/internal/odf)');
});

const stop = () => {
  server.close(() => {
    service.close();
    process.exit(0);
  });
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
