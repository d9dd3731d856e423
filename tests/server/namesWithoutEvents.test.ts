/**
 * An entry list that registers nobody for events (a games-wide DT_PARTIC without `RegisteredEvent`)
 * still names a unit's people in Chinese: the page falls back to its discipline's names directory.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { displayName } from '../../src/core/names';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { entryLists, exampleMessages, namedInFeed } from '../support/odfNamesFeed';
import { memoryService } from './helpers';

let service: Service;
let server: Server;
let base: string;
const messages = exampleMessages(['SWM']).filter((m) => m.type === 'DT_RESULT');
const { people } = namedInFeed(messages);
for (const person of people) person.events.clear();

beforeAll(async () => {
  service = await memoryService();
  for (const xml of [...entryLists(people, []), ...messages.map((m) => m.xml)])
    expect(service.ingestor.ingest(Buffer.from(xml), 'test').outcome).toBe('stored');
  server = createPodiumServer(service, { config: readConfig({}), distDir: '/nonexistent-dist', version: 'test' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  service?.close();
});

it('names a unit in Chinese from the discipline directory when no event directory exists', async () => {
  const unit = messages.find((m) => m.code.includes('FNL-'))!;
  expect(service.store.get('NAMES', unit.code.slice(0, 22).padEnd(34, '-'))).toBeUndefined();
  const html = (await (await fetch(`${base}/${unit.code}?tab=result&lang=zh_CN`)).text()).replace(
    /<script[\s\S]*?<\/script>/g,
    '',
  );
  const named = people.filter((p) => unit.xml.includes(`Code="${p.code}"`));
  expect(named.length).toBeGreaterThan(3);
  for (const person of named) {
    expect(html).toContain(`${person.localFamily}${person.localGiven}`);
    expect(html).not.toContain(displayName({ family: person.family, given: person.given }));
  }
});
