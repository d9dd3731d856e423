/**
 * Row details are part of the server's HTML (issue 23 item 4): a relay's runners and a team's players
 * are readable without scripts, by a search engine and in the offline copy, folded in a native
 * disclosure until the reader opens it.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { readConfig } from '../../src/server/config';
import { createPodiumServer } from '../../src/server/http/server';
import type { Service } from '../../src/server/service';
import { memoryService } from '../server/helpers';

const RELAY = 'ATHM4X100M------------FNL-000100--';
const example = (sport: string, file: string) => readFileSync(join(ROOT, 'sports', sport, 'examples', file));

let service: Service;
let server: Server;
let base: string;
let match: string;

beforeAll(async () => {
  service = await memoryService();
  const basketball = example('BKB', 'DT_RESULT.match.xml');
  match = /DocumentCode="([^"]+)"/.exec(basketball.toString())![1]!;
  for (const message of [example('ATH', 'DT_RESULT.team.xml'), basketball]) {
    expect(service.ingestor.ingest(message, 'test').outcome).toBe('stored');
  }
  server = createPodiumServer(service, { config: readConfig({}), distDir: '/nonexistent-dist', version: 'test' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  service.close();
});

/** The page's HTML as a reader without scripts gets it: every script element removed. */
async function withoutScripts(path: string): Promise<string> {
  const response = await fetch(`${base}${path}`);
  expect(response.status).toBe(200);
  return (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
}

/** The detail rows of the page's table: each runs to the next row's body or the table's end. */
const detailRows = (html: string): string[] =>
  [...html.matchAll(/<tr class="detail-row">[\s\S]*?(?=<tbody data-index|<\/table><\/div>)/g)].map((m) => m[0]);

describe('row details in the server-rendered HTML', () => {
  it("hold a relay's runners, folded in a closed native disclosure", async () => {
    const html = await withoutScripts(`/${RELAY}?tab=result&lang=en_US`);
    const details = detailRows(html);
    // The winners' four runners (sports/ATH/examples/DT_RESULT.team.xml), in the winners' detail row.
    const winners = details.find((row) => row.includes('DENG Kai'));
    expect(winners).toBeDefined();
    for (const runner of ['DENG Kai', 'CAO Zhe', 'PENG Lei', 'ZENG Long']) expect(winners).toContain(runner);
    // The second team's runners are in their own row.
    expect(details.some((row) => row.includes('XIAO Feng') && !row.includes('DENG Kai'))).toBe(true);
    expect(html).toMatch(
      /<details class="row-toggle"><summary class="details-toggle" aria-label="Details"><\/summary><\/details>/,
    );
    expect(html).not.toMatch(/<details[^>]* open/);
  });

  it("hold a team match's players, in Chinese as well", async () => {
    const english = detailRows(await withoutScripts(`/${match}?tab=result&lang=en_US`));
    expect(english.some((row) => row.includes('CHENG Bo') && row.includes('WEI Xin'))).toBe(true);
    const chinese = await withoutScripts(`/${match}?tab=result`);
    expect(chinese).toContain('<html lang="zh-Hans-CN"');
    expect(detailRows(chinese).filter((row) => row.includes('<caption>队员</caption>'))).toHaveLength(2);
  });
});
