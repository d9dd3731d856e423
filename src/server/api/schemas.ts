/**
 * The description's component schemas, made from schemas/api.ts (the one contract): each document
 * type, each part a document refers to, and the service's other answers. The contract is written in
 * JSON Schema draft-07 (ajv's default, which the site's generated validators use); OpenAPI 3.1
 * speaks draft 2020-12, so each schema is translated keyword by keyword: `$id`s dropped, `$ref`s to
 * a part pointed at its component, tuples (`items: [...]`, `additionalItems`) written as
 * `prefixItems` and `items`. A keyword the translation does not know stops it (never a silent
 * change of meaning).
 */
import {
  commonCodeResponseSchema,
  documentSchemas,
  errorSchema,
  healthSchema,
  liveEventSchema,
  odfDocumentSchema,
  odfElementSchema,
  PART_SCHEMAS,
  searchAnswerSchema,
  siteVersionSchema,
  type ApiDocumentType,
} from '../../../schemas/api';

type Schema = Readonly<Record<string, unknown>>;

/** Schemas not in documentSchemas, by component name. */
const OTHERS = {
  OdfDocument: odfDocumentSchema,
  OdfElement: odfElementSchema,
  Error: errorSchema,
  SiteVersion: siteVersionSchema,
  Health: healthSchema,
  SearchAnswer: searchAnswerSchema,
  LiveEvent: liveEventSchema,
} as const;

/** A part's name is its `$id`'s file name: `.../parts/Medallist.json` is `Medallist`. */
type FileName<S> = S extends `${string}/${infer Rest}` ? FileName<Rest> : S extends `${infer Name}.json` ? Name : never;
type PartName = FileName<(typeof PART_SCHEMAS)[number]['$id']>;
export type ComponentName = ApiDocumentType | PartName | keyof typeof OTHERS;

const partName = (id: string): string => /\/([A-Za-z]+)\.json$/.exec(id)![1]!;

/** Every source schema by component name. */
const SOURCES: ReadonlyMap<string, Schema> = new Map<string, Schema>([
  ...Object.entries(documentSchemas),
  ...PART_SCHEMAS.map((part): [string, Schema] => [partName(part.$id), part]),
  ...Object.entries(OTHERS),
]);

/** The component each `$id` is translated to (the code tables' answer is COMMON_CODE's body). */
const REFS: ReadonlyMap<string, string> = new Map([
  ...[...SOURCES].map(([name, schema]): [string, string] => [String(schema.$id), name]),
  [commonCodeResponseSchema.$id, 'COMMON_CODE'],
]);

export const componentRef = (name: string): string => `#/components/schemas/${name}`;

/** Keywords whose value is a schema, a list of schemas, or a map of names to schemas. */
const ONE = new Set(['additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames']);
const LIST = new Set(['anyOf', 'oneOf', 'allOf']);
const MAP = new Set(['properties', 'patternProperties']);
/** Keywords whose value is data, kept as it is. */
const DATA = new Set([
  'type',
  'enum',
  'const',
  'required',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'description',
  'title',
  'default',
  'examples',
]);

/** A draft-07 schema of the contract as draft 2020-12, its references pointed at components. */
export function translate(schema: unknown, where = '#'): unknown {
  if (typeof schema === 'boolean') return schema;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw new Error(`${where}: not a schema`);
  const source = schema as Schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    const at = `${where}/${key}`;
    if (key === '$id') continue;
    if (key === '$ref') {
      const name = REFS.get(String(value));
      if (!name) throw new Error(`${at}: ${String(value)} is no component`);
      out.$ref = componentRef(name);
    } else if (key === 'items') {
      if (Array.isArray(value)) out.prefixItems = value.map((item, i) => translate(item, `${at}/${i}`));
      else out.items = translate(value, at);
    } else if (key === 'additionalItems') {
      // Only beside a tuple's list (draft-07 ignores it otherwise): the items after the tuple's.
      if (Array.isArray(source.items)) out.items = translate(value, at);
    } else if (ONE.has(key)) out[key] = translate(value, at);
    else if (LIST.has(key)) out[key] = (value as unknown[]).map((item, i) => translate(item, `${at}/${i}`));
    else if (MAP.has(key))
      out[key] = Object.fromEntries(
        Object.entries(value as Schema).map(([name, item]) => [name, translate(item, `${at}/${name}`)]),
      );
    else if (DATA.has(key)) out[key] = value;
    else throw new Error(`${at}: the keyword "${key}" is not translated to OpenAPI 3.1`);
  }
  return out;
}

/** `components.schemas` of the description: every schema of the contract, translated. */
export function componentSchemas(): Record<string, unknown> {
  return Object.fromEntries([...SOURCES].map(([name, schema]) => [name, translate(schema, name)]));
}
