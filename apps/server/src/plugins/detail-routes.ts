import { historySchema, type AccessRule } from '@gestcava/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '../lib/actor.js';
import type { HistoryItem } from '../lib/audit.js';
import type { ZodApp } from '../lib/module.js';
import { actorOf } from './auth.js';
import { companyOf, idParams } from './list-routes.js';

// The routes a record's page repeats, beside `listRoutes`: the record, its history, and the two writes
// a record with states has (its state change and its completion), each under `base/:id`.

type Write<B extends z.ZodType, D extends z.ZodType> = {
  body: B;
  write: (actor: Actor, id: string, body: z.output<B>) => Promise<z.output<D>>;
};

export interface DetailRoutes<D extends z.ZodType, S extends z.ZodType, C extends z.ZodType> {
  access: { read: AccessRule; write: AccessRule };
  tags: string[];
  /** The record's DTO schema: the answer of the read and of every write. */
  response: D;
  /** `GET base/:id`. */
  get: (companyId: string, id: string) => Promise<z.output<D>>;
  /** `GET base/:id/history`. */
  history: (companyId: string, id: string) => Promise<HistoryItem[]>;
  /** `POST base/:id/stato`. */
  stato?: Write<S, D>;
  /** `POST base/:id/completa`. */
  completa?: Write<C, D>;
}

/** `GET base/:id`, `GET base/:id/history` and, when given, `POST base/:id/stato` and `/completa`. */
export function detailRoutes<D extends z.ZodType, S extends z.ZodType, C extends z.ZodType>(
  app: ZodApp,
  base: string,
  { access, tags, response, get, history, stato, completa }: DetailRoutes<D, S, C>,
) {
  // the zod type provider cannot resolve a generic schema, hence the casts of what it validated
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  app.get(
    `${base}/:id`,
    {
      config: { access: access.read },
      schema: { tags, params: idParams, response: { 200: response as z.ZodType } },
    },
    async (request) => get(companyOf(request), idOf(request)),
  );
  app.get(
    `${base}/:id/history`,
    {
      config: { access: access.read },
      schema: { tags, params: idParams, response: { 200: historySchema } },
    },
    async (request) => history(companyOf(request), idOf(request)),
  );
  for (const [path, route] of [
    ['stato', stato],
    ['completa', completa],
  ] as const) {
    if (!route) continue;
    app.post(
      `${base}/:id/${path}`,
      {
        config: { access: access.write },
        schema: {
          tags,
          params: idParams,
          body: route.body as z.ZodType,
          response: { 200: response as z.ZodType },
        },
      },
      async (request) => route.write(actorOf(request), idOf(request), request.body as never),
    );
  }
}
