import type { AccessRule } from '@gestcava/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app.js';

/** Routes that libraries register (the OpenAPI UI, the web app's static files): not ours to walk. */
export const LIBRARY_ROUTE = /^\/(docs(\/|$)|\*$)/;

export interface WalkedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  access: AccessRule | undefined;
  /** The zod body schema, when the route declares one. */
  body: unknown;
  /** Open to a user who must still replace a temporary password. */
  duringPasswordChange: boolean;
  /** Kept out of the idempotency store. */
  holdsSecrets: boolean;
  label: string;
}

/** Every route the app registered, once per method, without HEAD twins and library routes. */
export function walkRoutes(app: App, { includeLibrary = false } = {}): WalkedRoute[] {
  const seen = new Set<string>();
  const out: WalkedRoute[] = [];
  for (const route of app.routeList) {
    if (!includeLibrary && LIBRARY_ROUTE.test(route.url)) continue;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const label = `${method} ${route.url}`;
      if (seen.has(label)) continue;
      seen.add(label);
      out.push({
        method: method as WalkedRoute['method'],
        url: route.url,
        access: route.config?.access,
        body: route.schema?.body,
        duringPasswordChange: route.config?.duringPasswordChange === true,
        holdsSecrets: route.config?.holdsSecrets === true,
        label,
      });
    }
  }
  return out;
}

/** A concrete URL for a route pattern: `:param` → the id given, `*` → a harmless name. */
export function concreteUrl(url: string, id: string, wildcard = 'nessun-file.png'): string {
  return url.replace(/:[A-Za-z_]+/g, encodeURIComponent(id)).replace(/\*$/, wildcard);
}

/** The field names of a zod object schema (for bodies with the real names and wrong types). */
export function bodyFieldNames(schema: unknown): string[] {
  // a transformed object schema (zod 4 pipe) keeps its object as `in`
  const s = schema as
    { shape?: Record<string, unknown>; in?: { shape?: Record<string, unknown> } } | undefined;
  const shape = s?.shape ?? s?.in?.shape;
  return shape ? Object.keys(shape) : [];
}

export const ERROR_STATUSES_ALLOWED = [
  200, 201, 202, 204, 400, 401, 403, 404, 409, 413, 415, 422, 429,
];

/** Every error answer has docs/api.md "Shape of the API"'s shape: an Italian message and an English code. */
export function expectErrorShape(res: LightMyRequestResponse): { message: string; code: string } {
  const body = res.json() as { message?: unknown; code?: unknown };
  if (typeof body.message !== 'string' || typeof body.code !== 'string') {
    throw new Error(
      `error answer without { message, code }: ${res.statusCode} ${res.body.slice(0, 300)}`,
    );
  }
  return body as { message: string; code: string };
}

/** A multipart/form-data body and its content type, built the way a browser would. */
export async function multipart(
  fields: Array<
    { name: string; value: string } | { name: string; data: Buffer; filename: string; type: string }
  >,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const f of fields) {
    if ('data' in f)
      form.append(f.name, new Blob([new Uint8Array(f.data)], { type: f.type }), f.filename);
    else form.append(f.name, f.value);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}
