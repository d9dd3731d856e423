import type { OdfElement } from '../odf/normalise';
import { toTraditional } from '../odf/traditional';
import { DELEGATIONS } from '../reference/delegations';

export { attr, child, children } from '../odf/read';
import { attr, children } from '../odf/read';

import type { LocalText } from '../../../schemas/api';
export type { LocalText };

/**
 * Reads language-tagged elements (`<ItemName Language="ENG" Value="..."/>`) into a LocalText; the
 * Traditional text is the CHT twin when present, else converted from CHI.
 */
export function localText(element: OdfElement | undefined, name: string, valueAttribute = 'Value'): LocalText {
  const text: LocalText = {};
  for (const item of children(element, name)) {
    const language = attr(item, 'Language');
    const value = attr(item, valueAttribute);
    if (!value) continue;
    if (language === 'ENG' || language === 'CHI' || language === 'CHT') text[language] ??= value;
  }
  if (text.CHI && !text.CHT) text.CHT = toTraditional(text.CHI);
  return text;
}

/** A LocalText from plain strings, deriving the Traditional variant. */
export function textOf(eng: string | undefined, chi: string | undefined): LocalText {
  const text: LocalText = {};
  if (eng) text.ENG = eng;
  if (chi) {
    text.CHI = chi;
    text.CHT = toTraditional(chi);
  }
  return text;
}

/** A delegation's name in the code tables (its code when they do not know it). */
export const delegationName = (code: string): LocalText => {
  const known = DELEGATIONS.find(([c]) => c === code);
  return known ? textOf(known[2], known[1]) : { ENG: code };
};

/** RSC helpers under the names the derivers use; the one definition is src/core/rsc.ts. */
export {
  RSC_LENGTH,
  padRsc,
  disciplineOf as disciplineRsc,
  eventOf as eventRsc,
  phaseOf as phaseRsc,
} from '../../core/rsc';
