import type { OdfElement } from './normalise';

/** Small readers over normalised ODF JSON, shared by ingest and the derivers. */
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
