import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventProgramme } from '../../../schemas/events';
import { padRsc } from '../../core/rsc';
import { toTraditional } from '../odf/traditional';
import type { LocalText } from '../../../schemas/api';

/**
 * The games' event names by event RSC, from each sport's programme (`sports/<CODE>/events.json`, the
 * games' code table of events): what names a unit in Chinese when its schedule sends no Chinese
 * `ItemName` (DESIGN section 4). A sport without a programme file names no event.
 */
export function programmeEventNames(sportsDir: string, codes: readonly string[]): Map<string, LocalText> {
  const names = new Map<string, LocalText>();
  for (const code of codes) {
    const file = join(sportsDir, code, 'events.json');
    if (!existsSync(file)) continue;
    const programme = JSON.parse(readFileSync(file, 'utf8')) as EventProgramme;
    for (const event of programme.events) {
      const rsc = padRsc(`${programme.code}${event.gender}${event.id.padEnd(18, '-')}`);
      names.set(rsc, { ENG: event.name.en_US, CHI: event.name.zh_CN, CHT: toTraditional(event.name.zh_CN) });
    }
  }
  return names;
}
