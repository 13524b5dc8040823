import { idSchema, pageOf, type AccessRule, type PageKey } from '@gestcava/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendExport } from '../lib/downloads.js';
import type { ExportStream } from '../lib/export.js';
import type { ZodApp } from '../lib/module.js';
import { requireAuth } from './auth.js';

// The pieces every module's routes repeat, in one place: the `:id` params, a page's two access rules and
// the three reads behind a list page (the page of rows, the figures of its filter, the file).

/** `/:id` in a route's path. */
export const idParams = z.object({ id: idSchema });

/** A page's two access rules, as its routes declare them (docs/api.md "Who may call what"). */
export function pageAccess<const P extends PageKey | readonly PageKey[]>(page: P) {
  return { read: { page, mode: 'read' }, write: { page, mode: 'write' } } as const;
}

/** The company the request reads: the signed-in user's (or an admin's `X-Company-Id`). */
export const companyOf = (request: FastifyRequest) => requireAuth(request).companyId;

type Query = z.ZodType<object>;
type Reader<Q extends Query, R> = (companyId: string, query: z.output<Q>) => Promise<R>;

export interface ListRoutes<
  L extends Query,
  I extends z.ZodType,
  S extends Query,
  M extends z.ZodType,
  E extends Query,
> {
  access: AccessRule;
  tags: string[];
  /** `GET base`: a page of rows. */
  list: { query: L; item: I; read: Reader<L, z.output<ReturnType<typeof pageOf<I>>>> };
  /** `GET base/summary`: the figures of the same filter, without paging. */
  summary?: { query: S; response: M; read: Reader<S, z.output<M>> };
  /** `GET base/export`: the file of the filter, under the export rate limit; `onError` logs a failure midway. */
  export?: {
    query: E;
    read: (
      companyId: string,
      query: z.output<E>,
      onError: (err: unknown) => void,
    ) => Promise<ExportStream>;
  };
  /** The company the request may read (default: the user's); blocchi check here that the user may see both origini. */
  scope?: (request: FastifyRequest, query: object) => string;
}

/**
 * The reads behind a list page (docs/screens.md): `GET base`, `GET base/summary` and `GET base/export`, each
 * under the page's read access and scoped to the company the request acts for.
 */
export function listRoutes<
  L extends Query,
  I extends z.ZodType,
  S extends Query,
  M extends z.ZodType,
  E extends Query,
>(
  app: ZodApp,
  base: string,
  { access, tags, list, summary, export: file, scope = companyOf }: ListRoutes<L, I, S, M, E>,
) {
  // the zod type provider cannot resolve a generic schema, hence the casts of what it validated; each
  // `read` is checked against its schemas where a module passes them (ListRoutes above)
  app.get(
    base,
    {
      config: { access },
      schema: { tags, querystring: list.query, response: { 200: pageOf(list.item) } },
    },
    async (request) => {
      const query = request.query as z.output<L>;
      return list.read(scope(request, query), query);
    },
  );
  if (summary) {
    app.get(
      `${base}/summary`,
      {
        config: { access },
        schema: {
          tags,
          querystring: summary.query,
          response: { 200: summary.response as z.ZodType },
        },
      },
      async (request) => {
        const query = request.query as z.output<S>;
        return summary.read(scope(request, query), query);
      },
    );
  }
  if (file) {
    app.get(
      `${base}/export`,
      {
        config: { access },
        preHandler: app.limits.export,
        schema: { tags, querystring: file.query },
      },
      async (request, reply) => {
        const query = request.query as z.output<E>;
        return sendExport(
          reply,
          await file.read(scope(request, query), query, (err) =>
            request.log.error({ err }, 'esportazione non riuscita'),
          ),
        );
      },
    );
  }
}
