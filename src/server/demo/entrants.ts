import type { ProgrammeEvent } from '../../../schemas/events';
import { DELEGATIONS } from '../reference/delegations';
import type { DemoAthlete, DemoCompetitor } from './model';
import { inventName } from './people';
import type { Random } from './random';

/** How many athletes make a team, read from the event's code (relays, pairs, crews) or a squad. */
export function teamSize(eventId: string): number {
  if (/DUET|DOUBLE|PAIR|SYNC|2X|2-|K2|C2|BEACH/.test(eventId)) return 2;
  if (/3X3/.test(eventId)) return 4;
  if (/4X|K4|C4|4-|QUAD|RELAY/.test(eventId)) return 4;
  if (/8\+|EIGHT/.test(eventId)) return 9;
  if (/TEAM|TRIO|GROUP/.test(eventId)) return 5;
  return 12;
}

/** Makes up the entrants of an event from the games' delegations, each with an athlete or a squad. */
export class EntrantFactory {
  private sequence = 0;
  constructor(
    private readonly sportIndex: number,
    private readonly random: Random,
  ) {}

  private athlete(organisation: string, gender: 'M' | 'F'): DemoAthlete {
    this.sequence += 1;
    return {
      code: String(1_000_000 + this.sportIndex * 20_000 + this.sequence),
      organisation,
      gender,
      birthDate: `${this.random.int(1990, 2007)}-${String(this.random.int(1, 12)).padStart(2, '0')}-${String(this.random.int(1, 28)).padStart(2, '0')}`,
      name: inventName(this.random),
      bib: String(this.random.int(1, 99)),
    };
  }

  entrants(event: ProgrammeEvent): DemoCompetitor[] {
    const delegations = this.random.shuffle(DELEGATIONS.map(([code]) => code));
    // A women's event (W) has female athletes (F); a mixed one alternates.
    const genderOf = (i: number): 'M' | 'F' =>
      event.gender === 'W' ? 'F' : event.gender === 'M' ? 'M' : i % 2 === 0 ? 'M' : 'F';
    return Array.from({ length: event.field }, (_, i) => {
      const organisation = delegations[i % delegations.length]!;
      const size = event.team ? teamSize(event.id) : 1;
      const athletes = Array.from({ length: size }, (_, k) => this.athlete(organisation, genderOf(k + i)));
      if (event.team) {
        // A squad's shirt numbers are its own: no two players wear the same.
        const numbers = this.random.shuffle(Array.from({ length: 99 }, (_, n) => String(n + 1)));
        athletes.forEach((athlete, k) => (athlete.bib = numbers[k % numbers.length]!));
      }
      return {
        code: event.team
          ? // Fixed widths around the team number keep codes unique across the games' sports.
            `${organisation}${String(this.sportIndex).padStart(2, '0')}${Math.floor(i / delegations.length) + 1}${String(this.sequence).padStart(5, '0')}`
          : athletes[0]!.code,
        type: event.team ? 'T' : 'A',
        organisation,
        athletes,
        ability: this.random.next() + (i < delegations.length ? 0 : 0.2),
      } satisfies DemoCompetitor;
    });
  }
}
