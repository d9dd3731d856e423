import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventProgramme } from '../../../schemas/events';
import { padRsc } from '../../core/rsc';
import { toTraditional } from '../odf/traditional';
import type { LocalText } from '../../../schemas/api';
import { GAMES_VENUES } from './venues';

/** Names from the games' code tables that a schedule may not send in Chinese: events and venues, by code. */
export interface GamesCodeNames {
  readonly events: ReadonlyMap<string, LocalText>;
  readonly venues: ReadonlyMap<string, LocalText>;
}

const local = (name: { zh_CN: string; en_US: string }): LocalText => ({
  ENG: name.en_US,
  CHI: name.zh_CN,
  CHT: toTraditional(name.zh_CN),
});

/**
 * The games' event and venue names by code, from each sport's programme (`sports/<CODE>/events.json`,
 * the games' code table of events) and the games' venues: what names a unit and its venue in Chinese
 * when its schedule sends no Chinese (DESIGN section 4; ODF's `VenueDescription` has no language).
 */
export function gamesCodeNames(sportsDir: string, codes: readonly string[]): GamesCodeNames {
  const names = new Map<string, LocalText>();
  const venues = new Map<string, LocalText>(GAMES_VENUES.map((venue) => [venue.code, local(venue.name)]));
  for (const code of codes) {
    const file = join(sportsDir, code, 'events.json');
    if (!existsSync(file)) continue;
    const programme = JSON.parse(readFileSync(file, 'utf8')) as EventProgramme;
    if (!venues.has(programme.venue.code)) venues.set(programme.venue.code, local(programme.venue.name));
    for (const event of programme.events) {
      const rsc = padRsc(`${programme.code}${event.gender}${event.id.padEnd(18, '-')}`);
      names.set(rsc, local(event.name));
    }
  }
  return { events: names, venues };
}
