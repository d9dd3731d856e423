import type { Db } from '../store/database';
import type { OdfElement } from '../odf/normalise';
import { competitorSummary } from './competitor';
import { gamesNames, type NameLookup } from './names';
import { attr, children } from './odfRead';
import type { Deriver } from './types';

import { MEDAL_KINDS, type MedalKind, type Medallist, type TallyRow } from '../../../schemas/api';
export { MEDAL_KINDS, type MedalKind, type Medallist, type TallyRow };

/** ODF medal types (ME_GOLD ...) and the plain words, to one kind. */
function medalKind(value: string | undefined): MedalKind | undefined {
  const word = value?.replace(/^ME_/, '').toUpperCase();
  return MEDAL_KINDS.find((kind) => kind === word);
}

/**
 * The events of a DT_MEDALLISTS: the ODF schema's `Competition/Discipline/Event`, and the
 * `Competition/Event` that earlier feeds (and the tests' messages) send.
 */
const medalEvents = (competition: OdfElement): OdfElement[] => [
  ...children(competition, 'Discipline').flatMap((discipline) => children(discipline, 'Event')),
  ...children(competition, 'Event'),
];

/** Medallists of a DT_MEDALLISTS: each event (Code) with its `Medal`s (Code, or Type) and their `Competitor`s. */
export function medallistsOf(body: OdfElement, names?: NameLookup): Medallist[] {
  const out: Medallist[] = [];
  for (const competition of children(body, 'Competition')) {
    for (const event of medalEvents(competition)) {
      const code = attr(event, 'Code');
      if (!code) continue;
      for (const medal of children(event, 'Medal')) {
        const kind = medalKind(attr(medal, 'Type') ?? attr(medal, 'Code'));
        if (!kind) continue;
        for (const competitor of children(medal, 'Competitor')) {
          out.push({
            event: code,
            discipline: code.slice(0, 3),
            medal: kind,
            competitor: competitorSummary(competitor, names),
          });
        }
      }
    }
  }
  return out;
}

interface Correction {
  organisation: string;
  gold: number;
  silver: number;
  bronze: number;
}

/** The tally from medallists (one medal per competitor, a team's counting once), plus import corrections. */
export function medalTally(medallists: readonly Medallist[], corrections: readonly Correction[] = []): TallyRow[] {
  const rows = new Map<string, TallyRow>();
  const row = (organisation: string) => {
    let r = rows.get(organisation);
    if (!r)
      rows.set(organisation, (r = { organisation, gold: 0, silver: 0, bronze: 0, total: 0, rank: 0, rankTotal: 0 }));
    return r;
  };
  for (const m of medallists) {
    const organisation = m.competitor.organisation;
    if (!organisation) continue;
    row(organisation)[m.medal.toLowerCase() as 'gold' | 'silver' | 'bronze'] += 1;
  }
  for (const c of corrections) {
    const r = row(c.organisation);
    r.gold += c.gold;
    r.silver += c.silver;
    r.bronze += c.bronze;
    r.corrected = true;
  }
  const list = [...rows.values()];
  for (const r of list) r.total = r.gold + r.silver + r.bronze;
  list.sort(
    (a, b) =>
      b.gold - a.gold || b.silver - a.silver || b.bronze - a.bronze || (a.organisation < b.organisation ? -1 : 1),
  );
  list.forEach((r, i) => {
    const previous = list[i - 1];
    r.rank =
      previous && previous.gold === r.gold && previous.silver === r.silver && previous.bronze === r.bronze
        ? previous.rank
        : i + 1;
  });
  const byTotal = [...list].sort((a, b) => b.total - a.total);
  byTotal.forEach((r, i) => {
    const previous = byTotal[i - 1];
    r.rankTotal = previous && previous.total === r.total ? previous.rankTotal : i + 1;
  });
  return list;
}

export function readCorrections(db: Db): Correction[] {
  return db
    .prepare('SELECT organisation, gold, silver, bronze FROM medal_corrections ORDER BY organisation')
    .all() as Correction[];
}

/** MEDALLISTS/ALL and MEDAL_TALLY/ALL, from every DT_MEDALLISTS and the medal corrections. */
export const medalsDeriver: Deriver = {
  name: 'medals',
  inputs: ['DT_MEDALLISTS', 'DT_PARTIC', 'DT_PARTIC_TEAMS', 'table:medal_corrections'],
  owns: ['MEDALLISTS', 'MEDAL_TALLY'],
  build({ store, db }) {
    const names = gamesNames(store);
    const medallists = store.listByType('DT_MEDALLISTS').flatMap((doc) => medallistsOf(JSON.parse(doc.body), names));
    const tally = medalTally(medallists, readCorrections(db));
    const totals = { gold: 0, silver: 0, bronze: 0, total: 0 };
    for (const r of tally) {
      totals.gold += r.gold;
      totals.silver += r.silver;
      totals.bronze += r.bronze;
      totals.total += r.total;
    }
    const events = new Set(medallists.map((m) => m.event));
    return [
      { type: 'MEDALLISTS', code: 'ALL', body: { events: events.size, medallists } },
      { type: 'MEDAL_TALLY', code: 'ALL', body: { rows: tally, totals } },
    ];
  },
};
