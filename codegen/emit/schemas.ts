import { SCHEMAS } from '../validate/schema';
import { json, type GeneratedFile } from './files';

const FILE_NAMES = {
  sport: 'sport.json',
  legendSet: 'legend-set.json',
  sharedLabels: 'labels.json',
  events: 'events.json',
  sharedHidden: 'hidden.json',
  sharedSections: 'sections.json',
} as const satisfies Record<keyof typeof SCHEMAS, string>;
/** The JSON copies of the schemas, for editors (`$schema`) and other tools. */
export function emitSchemaJson(): GeneratedFile[] {
  return (Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[]).map((name) => ({
    path: `schemas/${FILE_NAMES[name]}`,
    content: `${json(SCHEMAS[name])}\n`,
  }));
}
