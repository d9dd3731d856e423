import standaloneCode from 'ajv/dist/standalone';
import { commonCodeResponseSchema, documentSchemas, PART_SCHEMAS } from '../../schemas/api';
import { createAjv } from '../validate/schema';
import { generatedHeader, type GeneratedFile } from './files';
import { inlineRuntimeHelpers } from './schemas';

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
      content: `${header}import type { StandaloneValidator } from './validators';

export declare const validateCommonCode: StandaloneValidator;
${types.map((type) => `export declare const validate_${type}: StandaloneValidator;`).join('\n')}
`,
    },
  ];
}
