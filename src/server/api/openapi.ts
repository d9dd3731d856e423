/**
 * The OpenAPI 3.1 description of the service (issue 49), generated from the route table (routes.ts)
 * and the contract's schemas (schemas.ts): never written by hand, so it cannot say what the server
 * does not do. The public and internal routes are described; the site's own files are not.
 */
import { CORS_HEADERS, EXPOSED_HEADERS, ALLOWED_REQUEST_HEADERS } from './cors';
import { headerRef, RESPONSE_HEADERS, type HeaderName } from './responseHeaders';
import { ROUTES, type RouteId } from './routes';
import { componentRef, componentSchemas } from './schemas';
import { PUBLIC_ANSWER_HEADERS } from './answers';
import type { Answer, Answers, Body, Described, Method, Parameter, RouteSpec } from './types';
import { OPENAPI_VERSION } from './version';
import type { DataLicence } from '../config';

const TAGS = [
  { name: 'documents', description: 'Stored ODF documents, the documents derived from them, and the code tables.' },
  { name: 'live', description: 'New versions of documents as they are written.' },
  { name: 'reports', description: 'PDF reports.' },
  { name: 'calendars', description: 'Schedules as iCalendar subscriptions.' },
  { name: 'downloads', description: "The site's tables as files." },
  { name: 'site', description: "What the site's pages read besides documents." },
  { name: 'operations', description: 'For monitors.' },
  { name: 'internal', description: "The feed's and the operators' routes: an admin token, never from other sites." },
] as const;

const DESCRIPTION = [
  'The results of the games as JSON: every call of the public API is a GET (or HEAD), every answer JSON unless said otherwise.',
  "Documents keep ODF's names and the strings the feed sent (DESIGN section 4). Each carries a strong `ETag` and `Last-Modified`: send `If-None-Match` (or `If-Modified-Since`) to get `304` while your copy is current; gzip is sent when accepted.",
  `Errors are \`{ "error": { "status", "message" } }\`; a method a path does not take is \`405\` with \`Allow\`.`,
  `Other sites' scripts may read the public routes (CORS): \`Access-Control-Allow-Origin: ${CORS_HEADERS['Access-Control-Allow-Origin']}\`, no credentials, \`Access-Control-Expose-Headers: ${EXPOSED_HEADERS}\`; a preflight (\`OPTIONS\`) allows \`GET, HEAD\` with \`${ALLOWED_REQUEST_HEADERS}\`. Internal routes allow none of it.`,
].join('\n\n');

type Json = Record<string, unknown>;

const schemaOf = (body: Body): Json | undefined =>
  body.schema === undefined
    ? undefined
    : typeof body.schema === 'string'
      ? { $ref: componentRef(body.schema) }
      : { ...body.schema };

/** The headers a route's answers carry: their own, and a public route's CORS headers on every one. */
const headersOf = (answer: Answer | undefined, cors: boolean): readonly HeaderName[] => [
  ...new Set([...(answer?.headers ?? []), ...(cors ? PUBLIC_ANSWER_HEADERS : [])]),
];

function responses(answers: Answers, head: boolean, cors: boolean): Json {
  return Object.fromEntries(
    Object.entries(answers).map(([status, answer]) => {
      const schema = answer?.body ? schemaOf(answer.body) : undefined;
      const content =
        answer?.body && !head
          ? {
              [answer.body.media]: {
                ...(schema ? { schema } : {}),
                ...(answer.body.example === undefined ? {} : { example: answer.body.example }),
              },
            }
          : undefined;
      const names = headersOf(answer, cors);
      const headers = names.length
        ? Object.fromEntries(names.map((name) => [name, { $ref: headerRef(name) }]))
        : undefined;
      return [
        status,
        { description: answer?.description ?? '', ...(headers ? { headers } : {}), ...(content ? { content } : {}) },
      ];
    }),
  );
}

const parameter = (p: Parameter): Json => ({
  name: p.name,
  in: p.in,
  ...(p.required ? { required: true } : {}),
  description: p.description,
  schema: p.schema,
  ...(p.example === undefined ? {} : { example: p.example }),
});

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function operation(id: RouteId, spec: RouteSpec, described: Described, method: Method): Json {
  const cors = spec.audience === 'public' ? ' Readable by other sites (CORS).' : '';
  const official = spec.cachingOfficial ? `; once its result is OFFICIAL, \`${spec.cachingOfficial}\`` : '';
  return {
    operationId: `${method.toLowerCase()}${capitalised(id)}${described.key ? `_${described.key}` : ''}`,
    tags: [spec.tag],
    summary: described.summary,
    description: `${described.description}\n\nCache-Control: \`${spec.caching}\`${official}.${cors}`,
    ...(described.parameters.length > 0 ? { parameters: described.parameters.map(parameter) } : {}),
    ...(spec.request && method === 'POST'
      ? {
          requestBody: {
            required: true,
            description: spec.request.description,
            content: Object.fromEntries(spec.request.media.map((media) => [media, {}])),
          },
        }
      : {}),
    responses: responses(described.answers, method === 'HEAD', spec.audience === 'public'),
    ...(spec.token ? { security: [{ adminToken: [] }] } : {}),
    // The summary in the site's three languages, and the caching as values, for the developers' page.
    'x-podium-summary': described.localised ?? spec.summary,
    'x-podium-caching': { value: spec.caching, ...(spec.cachingOfficial ? { official: spec.cachingOfficial } : {}) },
  };
}

/** The paths a route is described by: its variants, else its own. */
export function describedPaths(spec: RouteSpec): readonly Described[] {
  return (
    spec.variants ?? [
      {
        path: spec.path,
        summary: spec.summary.en_US,
        description: spec.description,
        parameters: spec.parameters,
        answers: spec.answers,
      },
    ]
  );
}

/** The tags the operations use: those known here with their words, in their order, then any other. */
function tagsOf(paths: Record<string, Json>): Json[] {
  const used = new Set(
    Object.values(paths).flatMap((item) =>
      Object.values(item).flatMap((operation) => (operation as Json).tags as string[]),
    ),
  );
  const known: Json[] = TAGS.filter((tag) => used.has(tag.name));
  const others = [...used].filter((name) => !TAGS.some((tag) => tag.name === name)).map((name) => ({ name }));
  return [...known, ...others];
}

/** What the description says beyond the route table: plain data, so a render thread can take it. */
export interface DescriptionOptions {
  /** The service's build (the description changes with it). */
  readonly version: string;
  /** Where readers reach the service (PODIUM_PUBLIC_URL's origin). */
  readonly publicUrl: string;
  /** The data's licence and credit line (PODIUM_DATA_LICENCE ...). */
  readonly licence: DataLicence;
}

/** The options of a service's description, from its configuration. */
export const descriptionOptions = (
  config: { readonly publicUrl: URL; readonly dataLicence: DataLicence },
  version: string,
): DescriptionOptions => ({ version, publicUrl: config.publicUrl.origin, licence: config.dataLicence });

/** The data's terms in `info`: the licence (OpenAPI's own field) and the credit line (an extension). */
const termsInfo = (licence: DataLicence): Json => ({
  license: { name: licence.name, ...(licence.url ? { url: licence.url } : {}) },
  'x-attribution': licence.attribution,
});

/** The same in words, the description's last paragraph. */
function termsLine(licence: DataLicence): string {
  const named = licence.url ? `[${licence.name}](${licence.url})` : licence.name;
  return `The data is licensed under ${named}. Show this line where you use it: ${licence.attribution}`;
}

/** The document, made on first use and kept: it changes only with the build and the configuration. */
export function lazyDescription(options: DescriptionOptions): () => Json {
  let made: Json | undefined;
  return () => (made ??= openApiDocument(options));
}

/** The OpenAPI document. */
export function openApiDocument(options: DescriptionOptions): Json {
  const paths: Record<string, Json> = {};
  for (const id of Object.keys(ROUTES) as RouteId[]) {
    const spec: RouteSpec = ROUTES[id];
    if (spec.audience === 'site') continue;
    for (const described of describedPaths(spec)) {
      const item = (paths[described.path] ??= {});
      for (const method of spec.methods) item[method.toLowerCase()] = operation(id, spec, described, method);
    }
  }
  const headers = Object.fromEntries(
    (Object.keys(RESPONSE_HEADERS) as HeaderName[]).map((name) => [
      name,
      { description: RESPONSE_HEADERS[name], schema: { type: 'string' } },
    ]),
  );
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Podium results API',
      version: options.version,
      description: `${DESCRIPTION}\n\n${termsLine(options.licence)}`,
      ...termsInfo(options.licence),
    },
    servers: [{ url: options.publicUrl.replace(/\/$/, '') }],
    // What other sites' scripts may do, as values (the description says it in words above).
    'x-podium-cors': {
      allowOrigin: CORS_HEADERS['Access-Control-Allow-Origin'],
      exposeHeaders: EXPOSED_HEADERS,
      allowHeaders: ALLOWED_REQUEST_HEADERS,
    },
    tags: tagsOf(paths),
    paths,
    components: {
      schemas: componentSchemas(),
      headers,
      securitySchemes: {
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'PODIUM_ADMIN_TOKEN; internal routes are off while it is unset.',
        },
      },
    },
  };
}
