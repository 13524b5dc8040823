import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.js';

/** The app as routes see it: Fastify with the zod type provider (app.ts builds it so). */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What a module's demo step receives: the demo companies and users made before any module runs, and the services. */
export interface SeedContext<S> {
  db: Db;
  services: S;
  companyIds: { marmi: string; segheria: string };
  /** By the demo users' e-mail addresses (seed/demo.ts). */
  userIds: Record<string, string>;
}

/**
 * One module, as the composition root (src/modules.ts) sees it: the services it builds, the routes it
 * serves and its demo data. Each part states what it needs by its parameter's type; the root checks
 * that the list provides it, so adding a module is its folder plus one line there.
 *
 * - `services`: the domain services, built once from the database, the entity registry and the
 *   services of the modules listed before it. The demo seed writes through the same ones.
 * - `routes`: registers the module's fastify plugins (their access declarations live on each route);
 *   it receives those services plus the app's platform (storage, sessions, render pools, ...) and may
 *   build HTTP-only helpers there (a PDF renderer, a report service).
 * - `seed`: its step of the demo data, run in list order, so a step sees the rows the steps before made.
 * - `exportSample`: a record of its list that the export walk of the tests creates through its own
 *   create route with `text` in its text fields (a formula), so every list's export is proven to
 *   neutralise formulas without a line in the test (a module whose records need others omits it and
 *   is created there by hand).
 */
export interface ModuleManifest<N extends string, S extends object, D, R, X> {
  name: N;
  services?: (deps: D) => S;
  routes?: (app: ZodApp, deps: R) => Promise<void>;
  seed?: (ctx: SeedContext<X>) => Promise<void>;
  exportSample?: { path: string; body: (text: string) => object };
}

/** Identity, for the inference: each part's needs come from its parameter's annotation. */
export function defineModule<
  N extends string,
  S extends object = object,
  D = object,
  R = object,
  X = object,
>(manifest: ModuleManifest<N, S, D, R, X>) {
  return manifest;
}
