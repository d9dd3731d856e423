/**
 * The developers' page's content, read from the API's OpenAPI description (what /api/openapi.json
 * answers): the public paths by tag, each with its summary in the page's language, an example
 * request made of its parameters' examples and its caching, and the description's licence, credit
 * line, CORS values and live channel. Only this goes to the page (and its hydration data), never
 * the document with its schemas. A description read from the wire is checked as it is read: a part
 * of another shape is left out, a document of another shape is a data error.
 */
import type { LocaleId } from '../../i18n/locale';
import { DataError } from '../../data/validate';

export interface GuideRoute {
  /** Its methods as `Allow` lists them (`GET, HEAD`). */
  readonly methods: string;
  readonly path: string;
  readonly summary: string;
  /** An absolute URL that answers, where every parameter it needs has an example. */
  readonly example?: string;
  readonly caching?: { readonly value: string; readonly official?: string };
}

export interface GuideGroup {
  readonly tag: string;
  readonly routes: readonly GuideRoute[];
}

export interface DevelopersGuide {
  /** Where the API is (the description's server, PODIUM_PUBLIC_URL). */
  readonly server: string;
  readonly groups: readonly GuideGroup[];
  readonly licence?: { readonly name: string; readonly url?: string };
  readonly attribution?: string;
  readonly cors?: { readonly allowOrigin: string; readonly exposeHeaders: string; readonly allowHeaders: string };
  /** The live path's example channel, and the document path it names (for the examples). */
  readonly live?: { readonly path: string; readonly channel: string; readonly document: string };
}

type Json = Readonly<Record<string, unknown>>;

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const list = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

/** The HTTP methods an OpenAPI path item may hold, in the order `Allow` names them. */
const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options', 'trace'] as const;

interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly required: boolean;
  readonly example?: string;
  readonly values: readonly unknown[];
}

const parameterOf = (value: unknown): Parameter | undefined => {
  if (!isJson(value)) return undefined;
  const name = text(value.name);
  const where = text(value.in);
  if (!name || !where) return undefined;
  const example = text(value.example);
  return {
    name,
    in: where,
    required: value.required === true,
    ...(example === undefined ? {} : { example }),
    values: isJson(value.schema) ? list(value.schema.enum) : [],
  };
};

/**
 * A request that answers, from the parameters' examples: undefined when a path parameter or a
 * required query parameter has none. A language parameter takes the page's own language. Commas stay
 * unescaped (the live path's channel list is read as sent).
 */
export function exampleRequest(
  server: string,
  path: string,
  parameters: readonly unknown[],
  locale: LocaleId,
): string | undefined {
  const known = parameters.map(parameterOf).filter((p): p is Parameter => p !== undefined);
  const valueOf = (p: Parameter) => (p.values.includes(locale) ? locale : p.example);
  let filled = path;
  for (const p of known.filter((p) => p.in === 'path')) {
    const value = valueOf(p);
    if (value === undefined) return undefined;
    filled = filled.replace(`{${p.name}}`, encodeURIComponent(value));
  }
  if (/[{}]/.test(filled)) return undefined;
  const query: string[] = [];
  for (const p of known.filter((p) => p.in === 'query')) {
    const value = valueOf(p);
    if (value === undefined) {
      if (p.required) return undefined;
      continue;
    }
    query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(value).replace(/%2C/g, ',')}`);
  }
  return `${server}${filled}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

/** A public path: its operations (those asking no credentials), merged as one entry. */
function routeOf(
  server: string,
  path: string,
  item: Json,
  locale: LocaleId,
): { tag: string; route: GuideRoute } | undefined {
  const operations = METHODS.flatMap((method) => {
    const operation = item[method];
    return isJson(operation) && !('security' in operation) ? [{ method, operation }] : [];
  });
  const first = operations[0]?.operation;
  if (!first) return undefined;
  const localised = isJson(first['x-podium-summary']) ? text(first['x-podium-summary'][locale]) : undefined;
  const caching = isJson(first['x-podium-caching']) ? first['x-podium-caching'] : undefined;
  const value = text(caching?.value);
  const official = text(caching?.official);
  const example = exampleRequest(server, path, list(first.parameters), locale);
  return {
    tag: text(list(first.tags)[0]) ?? '',
    route: {
      methods: operations.map(({ method }) => method.toUpperCase()).join(', '),
      path,
      summary: localised ?? text(first.summary) ?? '',
      ...(example ? { example } : {}),
      ...(value ? { caching: { value, ...(official ? { official } : {}) } } : {}),
    },
  };
}

/** The first channel of the live path's example, and the described document path it names. */
function liveOf(paths: Json, groups: readonly GuideGroup[], server: string): DevelopersGuide['live'] {
  const live = groups.find((group) => group.tag === 'live')?.routes[0];
  const item = live ? paths[live.path] : undefined;
  const get = isJson(item) && isJson(item.get) ? item.get : undefined;
  const channels = list(get?.parameters)
    .map(parameterOf)
    .find((p) => p?.name === 'c')?.example;
  const channel = channels?.split(',')[0];
  const match = channel ? /^([A-Z][A-Z0-9_]*)\.([A-Za-z0-9_.-]+)$/.exec(channel) : null;
  if (!live || !channel || !match) return undefined;
  // The channel `TYPE.code` is the document the description gives a path of its own, `.../TYPE/{code}`.
  const template = Object.keys(paths).find((path) => path.endsWith(`/${match[1]}/{code}`));
  if (!template) return undefined;
  return { path: `${server}${live.path}`, channel, document: `${server}${template.replace('{code}', match[2]!)}` };
}

/** The description's first server (the public site, PODIUM_PUBLIC_URL), or '' when it names none. */
export function descriptionServer(description: unknown): string {
  const first = isJson(description) ? list(description.servers)[0] : undefined;
  return (isJson(first) ? text(first.url) : undefined) ?? '';
}

/** The page's content in `locale`, from the description. */
export function developersGuide(description: unknown, locale: LocaleId): DevelopersGuide {
  if (!isJson(description) || !isJson(description.paths) || !isJson(description.info))
    throw new DataError('The API description is not an OpenAPI document');
  const server = descriptionServer(description);
  const byTag = new Map<string, GuideRoute[]>(
    list(description.tags).flatMap((tag) => (isJson(tag) && text(tag.name) ? [[text(tag.name)!, []]] : [])),
  );
  for (const [path, item] of Object.entries(description.paths)) {
    const found = isJson(item) ? routeOf(server, path, item, locale) : undefined;
    if (!found) continue;
    const routes = byTag.get(found.tag) ?? [];
    routes.push(found.route);
    byTag.set(found.tag, routes);
  }
  const groups = [...byTag].filter(([, routes]) => routes.length > 0).map(([tag, routes]) => ({ tag, routes }));
  const { info } = description;
  const licence = isJson(info.license) ? info.license : undefined;
  const name = text(licence?.name);
  const url = text(licence?.url);
  const attribution = text(info['x-attribution']);
  const cors = isJson(description['x-podium-cors']) ? description['x-podium-cors'] : undefined;
  const [allowOrigin, exposeHeaders, allowHeaders] = [cors?.allowOrigin, cors?.exposeHeaders, cors?.allowHeaders].map(
    text,
  );
  const live = liveOf(description.paths, groups, server);
  return {
    server,
    groups,
    ...(name ? { licence: { name, ...(url ? { url } : {}) } } : {}),
    ...(attribution ? { attribution } : {}),
    ...(allowOrigin && exposeHeaders && allowHeaders ? { cors: { allowOrigin, exposeHeaders, allowHeaders } } : {}),
    ...(live ? { live } : {}),
  };
}
