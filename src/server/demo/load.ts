import { join } from 'node:path';
import type { EventProgramme } from '../../../schemas/events';
import type { Service } from '../service';
import { generateDemoGames, readProgramme, type DemoMessage } from './index';
import { ROOT_DIR } from '../cli/paths';

export function demoMessages(service: Pick<Service, 'sports'>): DemoMessage[] {
  const programmes = new Map<string, EventProgramme>(
    service.sports.map((s) => [s.code, readProgramme(join(ROOT_DIR, 'sports'), s.code)]),
  );
  return generateDemoGames(service.sports, programmes);
}

/** Generates the demo games and ingests them through the same path as a real feed. */
export function ingestDemoGames(service: Service): { messages: number; stored: number; rejected: string[] } {
  const messages = demoMessages(service);
  let stored = 0;
  const rejected: string[] = [];
  for (const message of messages) {
    const result = service.ingestor.ingest(Buffer.from(message.xml), `demo:${message.name}`, { deferDerive: true });
    if (result.outcome === 'stored') stored += 1;
    if (result.outcome === 'rejected') rejected.push(`${message.name}: ${result.error.message}`);
  }
  service.ingestor.flush();
  return { messages: messages.length, stored, rejected };
}
