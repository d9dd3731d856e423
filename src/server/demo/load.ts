import { join } from 'node:path';
import type { EventProgramme } from '../../../schemas/events';
import type { Service } from '../service';
import { generateDemoGames, readProgramme, type DemoMessage } from './index';
import { ROOT_DIR } from '../cli/paths';
import { startElapsed } from '../progress/elapsed';
import { startProgress } from '../progress/progress';

export function demoMessages(service: Pick<Service, 'sports'>, onMessage?: () => void): DemoMessage[] {
  const programmes = new Map<string, EventProgramme>(
    service.sports.map((s) => [s.code, readProgramme(join(ROOT_DIR, 'sports'), s.code)]),
  );
  return generateDemoGames(service.sports, programmes, undefined, undefined, onMessage);
}

/**
 * Generates the demo games and ingests them through the same path as a real feed. With
 * `progress`, shows each step's progress on stderr (the first start: about a minute of work).
 */
export function ingestDemoGames(
  service: Service,
  options: { progress?: boolean } = {},
): { messages: number; stored: number; rejected: string[] } {
  // The total is not known before the last sport is planned: generating shows a count and a rate.
  const generating = options.progress ? startProgress({ task: 'generating demo games', unit: 'messages' }) : null;
  const messages = demoMessages(service, generating ? () => generating.advance() : undefined);
  generating?.done();
  const ingesting = options.progress
    ? startProgress({ task: 'ingesting demo games', unit: 'messages' }, messages.length)
    : null;
  let stored = 0;
  const rejected: string[] = [];
  for (const message of messages) {
    const result = service.ingestor.ingest(Buffer.from(message.xml), `demo:${message.name}`, { deferDerive: true });
    if (result.outcome === 'stored') stored += 1;
    if (result.outcome === 'rejected') rejected.push(`${message.name}: ${result.error.message}`);
    ingesting?.advance();
  }
  ingesting?.done();
  const deriving = options.progress ? startElapsed('rebuilding the derived documents') : null;
  service.ingestor.flush();
  deriving?.done();
  return { messages: messages.length, stored, rejected };
}
