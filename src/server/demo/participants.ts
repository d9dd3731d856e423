import type { ResolvedSport } from '../../core/sports/types';
import { disciplineOf } from '../../core/rsc';
import type { OdfElement } from '../odf/normalise';
import { DELEGATIONS } from '../reference/delegations';
import { envelope } from './documents';
import { competitorElement } from './elements';
import { recastOfficial } from './fromTemplates';
import type { DemoAthlete, DemoEvent } from './model';
import { children, clone, templateOf, type Template } from './templates';

/** The ODF team type of a delegation's team (the games' teams are the delegations'). */
const TEAM_TYPE = 'TEAM';

/** A DT_PARTIC `Participant` of an athlete, written like the example athlete `like` (its function and entries). */
function participantOf(athlete: DemoAthlete, registered: Set<string>, discipline: string, like?: OdfElement) {
  const { given, family } = athlete.name;
  const entries = children(children(children(like ?? {}, 'Discipline')[0], 'RegisteredEvent')[0], 'EventEntry');
  return {
    Code: athlete.code,
    Parent: athlete.code,
    Status: 'ACTIVE',
    GivenName: given,
    FamilyName: family,
    PrintName: `${family.toUpperCase()} ${given}`,
    PrintInitialName: `${family.toUpperCase()} ${given.slice(0, 1)}`,
    TVName: `${given} ${family.toUpperCase()}`,
    TVInitialName: `${given.slice(0, 1)} ${family.toUpperCase()}`,
    TVFamilyName: family.toUpperCase(),
    // The games' Chinese names: ODF's names in the local language.
    LocalFamilyName: athlete.name.familyChi,
    LocalGivenName: athlete.name.givenChi,
    Gender: athlete.gender,
    Organisation: athlete.organisation,
    BirthDate: athlete.birthDate,
    MainFunctionId: (like?.MainFunctionId as string | undefined) ?? 'AA01',
    Current: 'true',
    Discipline: [
      {
        Code: discipline,
        RegisteredEvent: [...registered].map((event) => ({
          Event: event,
          Bib: athlete.bib,
          ...(entries.length > 0 ? { EventEntry: clone(entries) } : {}),
        })),
      },
    ],
  };
}

/** The sport's DT_PARTIC (athletes and officials) and, when it has teams, its DT_PARTIC_TEAMS. */
export function participantsDocuments(
  sport: ResolvedSport,
  events: DemoEvent[],
  templates: readonly Template[] = [],
): OdfElement[] {
  const discipline = disciplineOf(sport.code);
  const athletes = new Map<string, { athlete: DemoAthlete; events: Set<string> }>();
  const teams: OdfElement[] = [];
  for (const event of events) {
    for (const competitor of event.entrants) {
      for (const athlete of competitor.athletes) {
        const entry = athletes.get(athlete.code) ?? { athlete, events: new Set<string>() };
        entry.events.add(event.rsc);
        athletes.set(athlete.code, entry);
      }
      if (competitor.type !== 'T') continue;
      const name = DELEGATIONS.find(([c]) => c === competitor.organisation)?.[2] ?? competitor.organisation;
      // The schema's order: the composition, then the discipline.
      teams.push({
        Code: competitor.code,
        Status: 'ACTIVE',
        Organisation: competitor.organisation,
        Name: name,
        ShortName: name,
        TVTeamName: name,
        Gender: event.spec.gender,
        TeamType: TEAM_TYPE,
        Composition: [{ Athlete: competitor.athletes.map((a, i) => ({ Code: a.code, Order: String(i + 1) })) }],
        Discipline: [{ Code: discipline, RegisteredEvent: [{ Event: event.rsc }] }],
      });
    }
  }
  const partic = envelope('DT_PARTIC', discipline, 1);
  // Written like the sport's DT_PARTIC example: its athletes' function and event entries (positions)
  // in turn, and its officials as the sport's own (the same people its units' `Officials` name).
  const example = children(children(templateOf(templates, 'DT_PARTIC')?.body, 'Competition')[0], 'Participant');
  const registeredOf = (p: OdfElement) => children(children(p, 'Discipline')[0], 'RegisteredEvent');
  const exampleAthletes = example.filter((p) => registeredOf(p).length > 0);
  const officials = example.filter((p) => registeredOf(p).length === 0);
  partic.Competition = [
    {
      Participant: [
        ...[...athletes.values()].map(({ athlete, events: registered }, i) =>
          participantOf(athlete, registered, discipline, exampleAthletes[i % Math.max(1, exampleAthletes.length)]),
        ),
        ...officials.map((official, i) => ({
          ...recastOfficial(clone(official), sport.code, i + 1),
          Discipline: [{ Code: discipline }],
        })),
      ],
    },
  ];
  const docs = [partic];
  if (teams.length > 0) {
    const body = envelope('DT_PARTIC_TEAMS', discipline, 1);
    body.Competition = [{ Team: teams }];
    docs.push(body);
  }
  return docs;
}

/**
 * The sport's DT_MEDALLISTS in the ODF schema's shape: `Discipline`, its `Event`s, each `Medal`
 * (`Code` ME_GOLD ...) with its `Competitor`s (`Order`, and the `Composition` the schema requires).
 */
export function medallistsDocument(sport: ResolvedSport, events: DemoEvent[], version: number): OdfElement {
  const body = envelope('DT_MEDALLISTS', disciplineOf(sport.code), version);
  const medal = (code: string, competitors: DemoEvent['entrants']): OdfElement => ({
    Code: code,
    Competitor: competitors.map((c, i) => ({ ...competitorElement(c), Order: String(i + 1) })),
  });
  body.Competition = [
    {
      Discipline: [
        {
          Code: disciplineOf(sport.code),
          Event: events.flatMap((e) =>
            e.medals
              ? [
                  {
                    Code: e.rsc,
                    EventName: e.spec.name.en_US,
                    Medal: [
                      medal('ME_GOLD', [e.medals.gold]),
                      medal('ME_SILVER', [e.medals.silver]),
                      medal('ME_BRONZE', e.medals.bronze),
                    ],
                  },
                ]
              : [],
          ),
        },
      ],
    },
  ];
  return body;
}
