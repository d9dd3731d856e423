import type { OdfElement } from '../odf/normalise';
import { attr, child, children } from './odfRead';
import { toTraditional } from '../odf/traditional';

import type { CompetitorSummary } from '../../../schemas/api';
export type { CompetitorSummary };

/**
 * Reads a `Competitor` (or `Athlete`/`Participant`): the team name, or the person's given and family
 * names, per language when the feed tags `Description` elements with one (untagged is English).
 */
export function competitorSummary(element: OdfElement | undefined): CompetitorSummary {
  const name: CompetitorSummary['name'] = {};
  const descriptions = children(element, 'Description');
  const sources = descriptions.length > 0 ? descriptions : element ? [element] : [];
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
    if (text) name[language] ??= text;
  }
  // A DT_PARTIC participant carries its name in the local language as `LocalFamilyName`/`LocalGivenName`.
  const localFamily = attr(element, 'LocalFamilyName');
  if (localFamily && !name.CHI) name.CHI = `${localFamily}${attr(element, 'LocalGivenName') ?? ''}`;
  if (name.CHI && !name.CHT) name.CHT = toTraditional(name.CHI);
  const summary: CompetitorSummary = { name };
  const code = attr(element, 'Code');
  const type = attr(element, 'Type');
  const organisation = attr(element, 'Organisation') ?? attr(child(element, 'Description'), 'Organisation');
  if (code) summary.code = code;
  if (type) summary.type = type;
  if (organisation) summary.organisation = organisation;
  const athletes = children(child(element, 'Composition'), 'Athlete');
  if (athletes.length > 0) summary.members = athletes.map(competitorSummary);
  // ODF names an individual competitor only through its composition: the athlete's (or a pair's) names.
  if (!name.ENG && !name.CHI && summary.members) {
    for (const language of ['ENG', 'CHI', 'CHT'] as const) {
      const names = summary.members.map((m) => m.name[language]).filter(Boolean);
      if (names.length > 0) name[language] = names.join(' / ');
    }
  }
  return summary;
}
