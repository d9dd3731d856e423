import { DELEGATIONS } from '../reference/delegations';
import type { OdfElement } from '../odf/normalise';
import { parseValuePath } from '../../core/valuePath';
import type { DemoAthlete, DemoCompetitor } from './model';

const delegation = (code: string) => DELEGATIONS.find(([c]) => c === code);

export function athleteElement(athlete: DemoAthlete, order: number): OdfElement {
  return {
    Code: athlete.code,
    Order: String(order),
    Bib: athlete.bib,
    Description: [
      {
        GivenName: athlete.name.given,
        FamilyName: athlete.name.family,
        Gender: athlete.gender,
        Organisation: athlete.organisation,
        BirthDate: athlete.birthDate,
      },
      { Language: 'CHI', GivenName: athlete.name.givenChi, FamilyName: athlete.name.familyChi },
    ],
  };
}

/** An ODF `Competitor`: a team (team name per language) or an athlete, with its composition. */
export function competitorElement(competitor: DemoCompetitor): OdfElement {
  const names = delegation(competitor.organisation);
  const first = competitor.athletes[0]!;
  const description: OdfElement[] =
    competitor.type === 'T'
      ? [
          { TeamName: names?.[2] ?? competitor.organisation },
          { Language: 'CHI', TeamName: names?.[1] ?? competitor.organisation },
        ]
      : [
          {
            GivenName: first.name.given,
            FamilyName: first.name.family,
            Gender: first.gender,
            Organisation: first.organisation,
          },
          { Language: 'CHI', GivenName: first.name.givenChi, FamilyName: first.name.familyChi },
        ];
  return {
    Code: competitor.code,
    Type: competitor.type,
    Organisation: competitor.organisation,
    Bib: first.bib,
    Description: description,
    Composition: [{ Athlete: competitor.athletes.map((a, i) => athleteElement(a, i + 1)) }],
  };
}

/**
 * The rows a value path names, under `root`: existing items are returned (team members, say);
 * otherwise `count` items are created, carrying the attributes the path's last filter asks for.
 */
export function ensureRows(root: OdfElement, rowsPath: string, count: number): OdfElement[] {
  const segments = parseValuePath(rowsPath).segments;
  let parents: OdfElement[] = [root];
  for (const segment of segments.slice(0, -1)) {
    parents = parents.flatMap((parent) => {
      let items = Array.isArray(parent[segment.name]) ? (parent[segment.name] as OdfElement[]) : [];
      if (items.length === 0) {
        items = [{}];
        parent[segment.name] = items;
      }
      return items;
    });
  }
  const last = segments[segments.length - 1]!;
  const conditions = last.filters.flatMap((f) => (f.kind === 'match' ? f.conditions : []));
  return parents.flatMap((parent) => {
    const all = Array.isArray(parent[last.name]) ? (parent[last.name] as OdfElement[]) : [];
    const matching = all.filter((item) => conditions.every((c) => item[c.attribute] === c.value));
    if (matching.length > 0) return matching;
    const created = Array.from(
      { length: count },
      () => Object.fromEntries(conditions.map((c) => [c.attribute, c.value])) as OdfElement,
    );
    parent[last.name] = [...all, ...created];
    return created;
  });
}
