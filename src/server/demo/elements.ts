import { DELEGATIONS } from '../reference/delegations';
import type { OdfElement } from '../odf/normalise';
import { parseValuePath } from '../../core/valuePath';
import type { DemoAthlete, DemoCompetitor } from './model';

const delegation = (code: string) => DELEGATIONS.find(([c]) => c === code);

/**
 * An ODF `Athlete`: one `Description`, in English as the dictionaries write names. The games'
 * Chinese names travel where ODF keeps them: DT_PARTIC's `LocalFamilyName`/`LocalGivenName`.
 */
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
    ],
  };
}

/**
 * An ODF `Competitor` with its composition: a team has its `Description/@TeamName` (English); ODF
 * names an individual competitor only through its athlete.
 */
export function competitorElement(competitor: DemoCompetitor): OdfElement {
  const names = delegation(competitor.organisation);
  const first = competitor.athletes[0]!;
  return {
    Code: competitor.code,
    Type: competitor.type,
    Organisation: competitor.organisation,
    Bib: first.bib,
    ...(competitor.type === 'T' ? { Description: [{ TeamName: names?.[2] ?? competitor.organisation }] } : {}),
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
