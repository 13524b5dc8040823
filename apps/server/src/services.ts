import type { Db } from './db/client.js';
import { noCountCache, type CountCache } from './lib/count-cache.js';
import { createEntityRegistry, type EntityRegistry } from './lib/entities.js';
import { NO_FAULTS, type FaultPoints } from './lib/faults.js';
import { MODULES, type ModulesInOrder, type ModuleServices } from './modules.js';

export interface ServicesDeps {
  db: Db;
  entities?: EntityRegistry;
  /** The blocks' count cache (PGlite); the demo seed writes before any reader and passes none. */
  counts?: CountCache;
  /** Where tests make a write fail (lib/faults.ts); none in the real server. */
  faults?: FaultPoints;
}

/** What every module's services may use besides the services of the modules before it. */
type Core = Required<ServicesDeps>;
const inOrder: ModulesInOrder<Core> = true;
void inOrder;

/**
 * The domain services wired to each other, in one place: app.ts serves them and the demo seed writes
 * through them, so both run the same code (stock, ledger, states and history agree). Each module of
 * the list (modules.ts) builds its own from the core and the services of the modules before it. The
 * services that need the HTTP side (sessions, storage, realtime) are added by app.ts on top.
 */
export function createServices({
  db,
  entities = createEntityRegistry(),
  counts = noCountCache,
  faults = NO_FAULTS,
}: ServicesDeps) {
  const core: Core = { db, entities, counts, faults };
  const built: Record<string, unknown> = {};
  for (const module of MODULES) {
    // each factory's parameter type is what it needs (checked against the list's order above)
    const services: ((deps: never) => object) | undefined = module.services;
    if (services) Object.assign(built, services({ ...core, ...built } as never));
  }
  return { entities, ...(built as ModuleServices) };
}

export type Services = ReturnType<typeof createServices>;
