import standaloneCode from 'ajv/dist/standalone';
import { commonCodeResponseSchema, documentSchemas, PART_SCHEMAS } from '../../schemas/api';
import { createAjv } from '../validate/schema';
import { generatedHeader, type GeneratedFile } from './files';

/**
 * ajv's ESM output still calls `require()` for its string-length helper; an ES module in the browser
 * cannot, so the helper is written inline (it counts code points, as ajv's does).
 */
const UCS2_LENGTH = /require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g;
const UCS2_LENGTH_INLINE = '((text) => { let n = 0; for (const _ of text) n += 1; return n; })';

function inlineRuntimeHelpers(code: string): string {
  const inlined = code.replace(UCS2_LENGTH, UCS2_LENGTH_INLINE);
  const leftover = /require\(("[^"]+")\)/.exec(inlined);
  if (leftover)
    throw new Error(`codegen: ajv standalone code requires ${leftover[1]}; inline it in emit/apiValidators.ts`);
  return inlined;
}

/**
 * Standalone validators of the API's answers (schemas/api.ts) for the browser's API client: plain
 * code, since the site's Content-Security-Policy allows no `eval`.
 */
export function emitApiValidators(): GeneratedFile[] {
  // A referenced part is checked by one function, called wherever the part appears (not inlined).
  const ajv = createAjv(true, { inlineRefs: false });
  const refs: Record<string, string> = { validateCommonCode: commonCodeResponseSchema.$id };
  ajv.addSchema(commonCodeResponseSchema);
  for (const part of PART_SCHEMAS) ajv.addSchema(part);
  const types = Object.keys(documentSchemas) as (keyof typeof documentSchemas)[];
  for (const type of types) {
    ajv.addSchema(documentSchemas[type]);
    refs[`validate_${type}`] = documentSchemas[type].$id;
  }
  const code = inlineRuntimeHelpers(standaloneCode(ajv, refs));
  const header = generatedHeader('schemas/api.ts');
  return [
    { path: 'src/generated/apiValidators.js', content: `${header}/* eslint-disable */\n${code}\n` },
    {
      path: 'src/generated/apiValidators.d.ts',
      content: `${header}import type { ErrorObject } from 'ajv';

/** A compiled validator: true when the data fits, its errors kept on the function (ajv's standalone form). */
export interface StandaloneValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export declare const validateCommonCode: StandaloneValidator;
${types.map((type) => `export declare const validate_${type}: StandaloneValidator;`).join('\n')}
`,
    },
  ];
}
