import standaloneCode from 'ajv/dist/standalone';
import { SCHEMAS, createAjv } from '../validate/schema';
import { generatedHeader, json, type GeneratedFile } from './files';

const FILE_NAMES = { sport: 'sport.json', legendSet: 'legend-set.json', sharedLabels: 'labels.json' } as const;
const EXPORT_NAMES = { sport: 'validateSport', legendSet: 'validateLegendSet', sharedLabels: 'validateSharedLabels' } as const;

/** The JSON copies of the schemas, for editors (`$schema`) and other tools. */
export function emitSchemaJson(): GeneratedFile[] {
  return (Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[]).map((name) => ({
    path: `schemas/${FILE_NAMES[name]}`,
    content: `${json(SCHEMAS[name])}\n`,
  }));
}

/**
 * ajv standalone validators: compiled here, shipped as plain code, so nothing at run time builds a
 * function from a string (the site's Content-Security-Policy has no `unsafe-eval`).
 */
export function emitValidators(): GeneratedFile[] {
  const ajv = createAjv(true);
  const refs: Record<string, string> = {};
  for (const name of Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[]) {
    ajv.addSchema(SCHEMAS[name]);
    refs[EXPORT_NAMES[name]] = SCHEMAS[name].$id;
  }
  const code = standaloneCode(ajv, refs);
  const declarations = Object.values(EXPORT_NAMES)
    .map((exported) => `export declare const ${exported}: StandaloneValidator;`)
    .join('\n');
  return [
    { path: 'src/generated/validators.js', content: `${generatedHeader('schemas/sport.ts')}/* eslint-disable */\n${code}\n` },
    {
      path: 'src/generated/validators.d.ts',
      content: `${generatedHeader('schemas/sport.ts')}import type { ErrorObject } from 'ajv';

export interface StandaloneValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}
${declarations}
`,
    },
  ];
}
