import type { StandaloneValidator } from '../../generated/apiValidators';

/** The ODF documents the service stores as received (normalised), by their `DT_` type. */
export type OdfDocumentType = `DT_${string}`;
export const isOdfDocumentType = (type: string): type is OdfDocumentType => type.startsWith('DT_');

/** An answer of the API that does not have the shape its schema says: shown as a data error. */
export class DataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataError';
  }
}

type ApiValidators = typeof import('../../generated/apiValidators.js');

// The validators are their own chunk, fetched with the first API answer the browser checks.
let loading: Promise<ApiValidators> | undefined;
const validators = (): Promise<ApiValidators> => (loading ??= import('../../generated/apiValidators.js'));

function describe(validate: StandaloneValidator): string {
  const first = validate.errors?.[0];
  return first ? `${first.instancePath || '/'} ${first.message ?? 'is invalid'}` : 'is invalid';
}

/** Checks a document of the API against its type's schema (schemas/api.ts); a type without one must be an object. */
export async function checkDocument(type: string, body: unknown): Promise<void> {
  // An ODF document is drawn by the plugins' layouts, which read what they find: an object is enough.
  const all = isOdfDocumentType(type) ? {} : await validators();
  const validate = (all as unknown as Record<string, StandaloneValidator | undefined>)[`validate_${type}`];
  if (validate ? !validate(body) : body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new DataError(
      `The ${type} data from the service is malformed: ${validate ? describe(validate) : 'not an object'}`,
    );
  }
}

/** Checks a code table answer (`{ Result: { Items: [...] } }`). */
export async function checkCommonCode(table: string, body: unknown): Promise<void> {
  const { validateCommonCode } = await validators();
  if (!validateCommonCode(body)) {
    throw new DataError(`The ${table} code table from the service is malformed: ${describe(validateCommonCode)}`);
  }
}
