/**
 * The data a server-rendered page hydrates with, carried as a non-executable JSON script
 * (`<script type="application/json">`) instead of an inline script that assigns it: the page then
 * has no per-response script to allow, its Content-Security-Policy is the same for every response
 * (a hash of the one boot script), and the HTML can be cached and shared (issue 14).
 */
import { isRouteErrorResponse } from 'react-router';

export const HYDRATION_DATA_ID = 'podium-hydration';

export interface HydrationData {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
}

/** Route errors as React Router's own server rendering writes them (the client reads them so). */
function serializeErrors(errors: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [route, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) out[route] = { ...error, __type: 'RouteErrorResponse' };
    else if (error instanceof Error) out[route] = { message: error.message, __type: 'Error' };
    else out[route] = error;
  }
  return out;
}

/**
 * The JSON script element: `<` and the two JavaScript line separators escaped, so no data (a name,
 * a feed's text) can close the element or be read as markup.
 */
export function hydrationScript(context: {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
}): string {
  const data: HydrationData = {
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors),
  };
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${HYDRATION_DATA_ID}">${json}</script>`;
}

/** The page's hydration data, read in the browser; `undefined` when the page has none or it is damaged. */
export function readHydrationData(doc: Document): HydrationData | undefined {
  const text = doc.getElementById(HYDRATION_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as HydrationData;
  } catch {
    return undefined;
  }
}
