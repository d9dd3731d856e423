import type { OdfElement } from '../odf/normalise';
import { toTraditional } from '../odf/traditional';

/** Small readers over normalised ODF JSON, shared by the derivers. */
export const children = (element: OdfElement | undefined, name: string): OdfElement[] => {
  const value = element?.[name];
  return Array.isArray(value) ? value : [];
};
export const child = (element: OdfElement | undefined, name: string): OdfElement | undefined =>
  children(element, name)[0];
export const attr = (element: OdfElement | undefined, name: string): string | undefined => {
  const value = element?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** A data text in the three variants the site shows: Simplified (CHI), Traditional (CHT) and English (ENG). */
export interface LocalText {
  ENG?: string;
  CHI?: string;
  CHT?: string;
}

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

export const RSC_LENGTH = 34;
/** Pads an RSC prefix to its 34 characters with "-", as the feed addresses documents. */
export const padRsc = (prefix: string): string => prefix.padEnd(RSC_LENGTH, '-').slice(0, RSC_LENGTH);
export const disciplineRsc = (code: string): string => padRsc(code.slice(0, 3));
/** Discipline (3) + gender (1) + event (18) = the event's 22 characters. */
export const eventRsc = (code: string): string => padRsc(code.slice(0, 22));
export const phaseRsc = (code: string): string => padRsc(code.slice(0, 26));
