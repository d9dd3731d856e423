import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../codegen/paths';
import { openService, type Service } from '../../src/server/service';

export const SAMPLES_DIR = join(ROOT, '..', 'shared', 'odf-samples');
export const sampleFiles = (): string[] =>
  readdirSync(SAMPLES_DIR)
    .filter((name) => name.endsWith('.xml'))
    .sort()
    .map((name) => join(SAMPLES_DIR, name));
export const readSample = (path: string): Buffer => readFileSync(path);

export const MB = 1024 * 1024;

/** A service on a fresh in-memory database (the real SQLite engine). */
export const memoryService = (): Promise<Service> => openService({ dataDir: ':memory:', maxMessageBytes: 8 * MB });

/** Everything the store holds, for "changed nothing" assertions. */
export function snapshot(service: Service): string {
  const documents = service.db.prepare('SELECT type, code, version, etag FROM documents ORDER BY type, code').all();
  const facts = service.db.prepare('SELECT * FROM unit_facts ORDER BY code').all();
  return JSON.stringify({ documents, facts });
}

/** A small ODF message. */
export function odf(attributes: Record<string, string>, inner = '<Competition/>'): Buffer {
  const attrs = Object.entries(attributes)
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<OdfBody ${attrs}>${inner}</OdfBody>`);
}

export const UNIT = 'SWMM100MFR------------FNL-000100--';
