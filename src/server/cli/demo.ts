/** `npm run demo -- <folder>`: writes the demo games as ODF XML files, one message a file. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { demoMessages } from '../demo/load';
import { loadSports } from '../service';
import { readCommand } from './args';

const DEMO = {
  script: 'demo',
  summary: 'Writes the demo games as ODF XML files, one message a file.',
  args: [{ name: 'folder', description: 'where the files are written (emptied first)' }],
} as const;

const out = resolve(readCommand(DEMO).args[0]);
const started = performance.now();
const messages = demoMessages({ sports: await loadSports() });
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
let bytes = 0;
for (const message of messages) {
  writeFileSync(join(out, message.name), message.xml);
  bytes += message.xml.length;
}
console.log(
  `demo: ${messages.length} messages (${(bytes / 1024 / 1024).toFixed(1)} MB) written to ${out} in ${Math.round(performance.now() - started)} ms`,
);
