/**
 * `npm run export -- <folder>`: writes the built site and every stored document as static files,
 * at the same URLs the service answers, for object storage or any static host (DESIGN section 6).
 * Document files have no extension, as their URLs have none: serve `/api/` as application/json
 * (deploy/nginx-static.conf does).
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readConfig } from '../config';
import { openService, serviceOptions } from '../service';
import { Site } from '../http/site';
import { ROOT_DIR } from './paths';

const target = process.argv[2];
if (!target) {
  console.error('usage: npm run export -- <folder>');
  process.exit(2);
}
const out = resolve(target);
const config = readConfig();
const service = await openService(serviceOptions(config));
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const write = (path: string, body: string) => {
  const file = join(out, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, body);
};

let documents = 0;
for (const doc of service.store.all()) {
  if (doc.type === 'COMMON_CODE') write(`api/crs/commonCode/${doc.code}`, doc.body);
  else write(`api/crs/odf/json/${doc.type}/${doc.code}`, doc.body);
  documents += 1;
}
const distDir = join(ROOT_DIR, 'dist');
const site = new Site(distDir, '0');
// The client's hashed assets; pages are rendered by the service (a pre-rendered export is to come).
if (existsSync(join(distDir, 'client'))) cpSync(join(distDir, 'client'), out, { recursive: true });
write('v.json', JSON.stringify({ v: site.version }));
const reports = join(config.dataDir, 'reports');
if (existsSync(reports)) cpSync(reports, join(out, 'reports'), { recursive: true });
service.close();
console.log(`export: ${documents} documents${existsSync(distDir) ? ' and the site' : ''} written to ${out}`);
