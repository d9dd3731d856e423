/**
 * The API's description as the developers' pages read it, through the data source: on the server the
 * very document /api/openapi.json answers (the route table's generator, made once per process), in
 * the browser that file (the source there has no such method: only these pages' chunks have the
 * fetch). So a page cannot say what the API does not, and the route table stays the one source.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { getJson, sourceFor } from '../../data/source';

/** Where the service answers its description (the API's own route). */
export const OPENAPI_PATH = '/api/openapi.json';

export async function readDescription({ request, context }: LoaderFunctionArgs): Promise<unknown> {
  const data = sourceFor(context, request);
  return data.apiDescription ? data.apiDescription() : getJson(OPENAPI_PATH, request.signal, fetch);
}
