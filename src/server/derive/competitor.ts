import type { OdfElement } from '../odf/normalise';
import { attr, child, children } from './odfRead';
import { toTraditional, traditionalName } from '../odf/traditional';
import type { NameLookup } from './names';

import type { CompetitorSummary } from '../../../schemas/api';
export type { CompetitorSummary };

/**
 * Reads a `Competitor` (or `Athlete`/`Participant`): the team name, or the person's given and family
 * names, per language when the feed tags `Description` elements with one (untagged is English).
 */
export function competitorSummary(element: OdfElement | undefined, names?: NameLookup): CompetitorSummary {
  const name: CompetitorSummary['name'] = {};
  const descriptions = children(element, 'Description');
  const sources = descriptions.length > 0 ? descriptions : element ? [element] : [];
  // The Chinese family and given names, when the Chinese name is a person's: converted as a name.
  let chineseParts: [string, string] | undefined;
  for (const description of sources) {
    const language = attr(description, 'Language') ?? 'ENG';
    if (language !== 'ENG' && language !== 'CHI' && language !== 'CHT') continue;
    const team = attr(description, 'TeamName');
    const family = attr(description, 'FamilyName');
    const given = attr(description, 'GivenName');
    const printed = attr(description, 'PrintName');
    const text =
      team ??
      (language === 'ENG' ? [given, family].filter(Boolean).join(' ') : `${family ?? ''}${given ?? ''}`) ??
      printed;
    if (!text || name[language]) continue;
    name[language] = text;
    if (language === 'CHI' && !team) chineseParts = [family ?? '', given ?? ''];
  }
  // A DT_PARTIC participant carries its name in the local language as `LocalFamilyName`/`LocalGivenName`.
  const localFamily = attr(element, 'LocalFamilyName');
  if (localFamily && !name.CHI) {
    const localGiven = attr(element, 'LocalGivenName') ?? '';
    name.CHI = `${localFamily}${localGiven}`;
    name.CHT ??= traditionalName(localFamily, localGiven).join('');
  }
  const code = attr(element, 'Code');
  if (names && code) joinNames(name, code, names);
  if (name.CHI && !name.CHT)
    name.CHT = chineseParts ? traditionalName(...chineseParts).join('') : toTraditional(name.CHI);
  const summary: CompetitorSummary = { name };
  const type = attr(element, 'Type');
  const organisation = attr(element, 'Organisation') ?? attr(child(element, 'Description'), 'Organisation');
  if (code) summary.code = code;
  if (type) summary.type = type;
  if (organisation) summary.organisation = organisation;
  const athletes = children(child(element, 'Composition'), 'Athlete');
  if (athletes.length > 0) summary.members = athletes.map((athlete) => competitorSummary(athlete, names));
  // ODF names an individual competitor only through its composition: the athlete's (or a pair's) names.
  if (!name.ENG && !name.CHI && summary.members) {
    for (const language of ['ENG', 'CHI', 'CHT'] as const) {
      const memberNames = summary.members.map((m) => m.name[language]).filter(Boolean);
      if (memberNames.length > 0) name[language] = memberNames.join(' / ');
    }
  }
  return summary;
}

/**
 * Fills what the element does not say from the games' names by its code (DESIGN section 4): a
 * result names people in English only, so their Chinese names come from DT_PARTIC, a team's from
 * DT_PARTIC_TEAMS and the code tables. What the element itself says in a language is kept.
 */
function joinNames(name: CompetitorSummary['name'], code: string, names: NameLookup): void {
  const person = names.person(code);
  if (person) {
    if (!name.CHI && person.CHI) name.CHI = `${person.CHI[0]}${person.CHI[1]}`;
    // The Traditional pair is kept only where it differs from the Simplified one (converted apart).
    const traditional = person.CHT ?? person.CHI;
    if (!name.CHT && traditional) name.CHT = `${traditional[0]}${traditional[1]}`;
    if (!name.ENG && person.ENG) name.ENG = [person.ENG[1], person.ENG[0]].filter(Boolean).join(' ');
    return;
  }
  const team = names.team(code);
  if (!team) return;
  if (!name.CHI && team.CHI) name.CHI = team.CHI;
  if (!name.CHT && team.CHT) name.CHT = team.CHT;
  if (!name.ENG && team.ENG) name.ENG = team.ENG;
}
