import standaloneCode from 'ajv/dist/standalone';
import { SCHEMAS, createAjv } from '../validate/schema';
import { generatedHeader, json, type GeneratedFile } from './files';

const FILE_NAMES = {
  sport: 'sport.json',
  legendSet: 'legend-set.json',
  sharedLabels: 'labels.json',
  events: 'events.json',
  sharedHidden: 'hidden.json',
  sharedSections: 'sections.json',
} as const satisfies Record<keyof typeof SCHEMAS, string>;
const EXPORT_NAMES = {
  sport: 'validateSport',
  legendSet: 'validateLegendSet',
  sharedLabels: 'validateSharedLabels',
  events: 'validateEvents',
  sharedHidden: 'validateSharedHidden',
  sharedSections: 'validateSharedSections',
} as const satisfies Record<keyof typeof SCHEMAS, string>;

/**
 * ajv's ESM output still calls `require()` for its string-length helper; an ES module in the browser
 * cannot, so the helper is written inline (it counts code points, as ajv's does).
 */
const UCS2_LENGTH = /require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g;
const UCS2_LENGTH_INLINE = '((text) => { let n = 0; for (const _ of text) n += 1; return n; })';

export function inlineRuntimeHelpers(code: string): string {
  const inlined = code.replace(UCS2_LENGTH, UCS2_LENGTH_INLINE);
  const leftover = /require\(("[^"]+")\)/.exec(inlined);
  if (leftover) throw new Error(`codegen: ajv standalone code requires ${leftover[1]}; inline it in emit/schemas.ts`);
  return inlined;
}

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
  const code = inlineRuntimeHelpers(standaloneCode(ajv, refs));
  const declarations = Object.values(EXPORT_NAMES)
    .map((exported) => `export declare const ${exported}: StandaloneValidator;`)
    .join('\n');
  return [
    {
      path: 'src/generated/validators.js',
      content: `${generatedHeader('schemas/sport.ts')}/* eslint-disable */\n${code}\n`,
    },
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
