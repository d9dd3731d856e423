/**
 * Reading the service's OpenAPI description as a client would (issue 49): the document from
 * `/api/openapi.json`, the described path a URL falls under, and the schema of an answer, compiled
 * by ajv's draft 2020-12 validator (OpenAPI 3.1's) in strict mode, with `$ref`s resolved inside the
 * description itself. Tests check answers against this, not against schemas/api.ts: what is
 * checked is what the description says.
 */
import { Agent, request } from 'node:http';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

export interface Raw {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/** One request on loopback, the body whole (node:http: fetch's own caching rules stay out of it). */
export function http(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export type Json = Record<string, unknown>;

export interface Operation {
  readonly parameters?: readonly { name: string; in: string; required?: boolean; example?: string }[];
  readonly responses: Record<string, { content?: Record<string, { schema?: Json }>; headers?: Json }>;
  readonly description: string;
  readonly 'x-podium-summary': Record<string, string>;
}

export interface Description {
  readonly openapi: string;
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components: { schemas: Record<string, Json> };
}

export async function readDescription(base: string): Promise<Description> {
  const answer = await http(base, '/api/openapi.json');
  if (answer.status !== 200) throw new Error(`/api/openapi.json answered ${answer.status}`);
  return JSON.parse(answer.body.toString('utf8')) as Description;
}

const templateRegex = (template: string) =>
  new RegExp(
    `^${template
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith('{') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
  );

/**
 * The described path a concrete path falls under: a path with more fixed characters before one
 * with fewer (OpenAPI's rule: `/api/crs/odf/json/SCHEDULE/{code}` before `.../{type}/{code}`).
 */
export function describedPathOf(description: Description, path: string): string | undefined {
  const fixed = (template: string) => template.replace(/\{[^}]+\}/g, '').length;
  return Object.keys(description.paths)
    .sort((a, b) => fixed(b) - fixed(a))
    .find((template) => templateRegex(template).test(path));
}

/** Validators of the description's schemas, compiled once each. */
export class DescribedSchemas {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  private static readonly BASE = 'https://podium.invalid/openapi.json';

  constructor(private readonly description: Description) {
    this.ajv = new Ajv2020({ allErrors: true, strict: true, strictTuples: false });
    // The description's components, under its own address: `#/components/schemas/X` resolves there.
    this.ajv.addVocabulary(['components']);
    this.ajv.addSchema({ $id: DescribedSchemas.BASE, components: description.components });
  }

  /** A schema of the description (a `$ref` into its components, or one written in place). */
  compile(schema: Json): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.compiled.get(key);
    if (!validate) {
      const ref = typeof schema.$ref === 'string' ? `${DescribedSchemas.BASE}${schema.$ref}` : undefined;
      validate = this.ajv.compile(ref ? { $ref: ref } : schema);
      this.compiled.set(key, validate);
    }
    return validate;
  }

  /** The validator of a described answer's body; undefined where it describes none as JSON. */
  answer(path: string, method: string, status: number): ValidateFunction | undefined {
    const schema =
      this.description.paths[path]?.[method.toLowerCase()]?.responses[String(status)]?.content?.['application/json']
        ?.schema;
    return schema ? this.compile(schema) : undefined;
  }
}

/** An ajv error list in a line. */
export const errorsOf = (validate: ValidateFunction): string =>
  (validate.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '/'} ${e.message}`)
    .join('; ');
