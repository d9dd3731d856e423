import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ROOT } from '../../codegen/paths';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
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

/**
 * The service's HTTP server on loopback with the default configuration, no data folder and no
 * build (pages rendered from the sources): its base URL, and how to close it (the service too).
 */
export async function serveOnLoopback(service: Service): Promise<{ base: string; close: () => Promise<void> }> {
  const config = { ...readConfig({}), dataDir: '/nonexistent-podium-data' };
  const server = createPodiumServer(service, { config, distDir: '/nonexistent-podium-dist', version: 'test' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      service.close();
    },
  };
}

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

/** The swimming schedule with `UNIT` running: what the nginx tests put behind the proxy. */
export const unitSchedule = (): Buffer =>
  odf(
    { DocumentType: 'DT_SCHEDULE', DocumentCode: 'SWM'.padEnd(34, '-'), Version: '1' },
    `<Competition><Unit Code="${UNIT}" ScheduleStatus="RUNNING" StartDate="2025-11-10T19:30:00+08:00" Order="1" Medal="1" Venue="GOA"><ItemName Language="ENG" Value="Men's 100m Freestyle Final"/></Unit></Competition>`,
  );

/** A result of `UNIT`: one swimmer's `time`. */
export const unitResult = (time: string, version: string, status = 'LIVE'): Buffer =>
  odf(
    { DocumentType: 'DT_RESULT', DocumentCode: UNIT, Version: version, ResultStatus: status },
    `<Competition><Result Rank="1" Result="${time}" SortOrder="1"><Competitor Code="1001" Type="A" Organisation="GDG"><Composition><Athlete Code="1001" Order="1"><Description GivenName="Wei" FamilyName="Zhang" Gender="M" Organisation="GDG"/></Athlete></Composition></Competitor></Result></Competition>`,
  );
