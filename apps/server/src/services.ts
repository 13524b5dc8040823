import type { Db } from './db/client.js';
import { noCountCache, type CountCache } from './lib/count-cache.js';
import { createEntityRegistry, type EntityRegistry } from './lib/entities.js';
import { createAnagraficaService } from './modules/anagrafica/anagrafica.service.js';
import { createBancateService } from './modules/bancate/bancate.service.js';
import { createBlocchiService } from './modules/blocchi/blocchi.service.js';
import { createCollaudiService } from './modules/collaudi/collaudi.service.js';
import { createDdtService } from './modules/ddt/ddt.service.js';
import { createLavorazioniLastreService } from './modules/lavorazioni-lastre/lavorazioni-lastre.service.js';
import { createLavorazioniPavimentiService } from './modules/lavorazioni-pavimenti/lavorazioni-pavimenti.service.js';
import { createCaveTariffeService } from './modules/lookups/cave-tariffe.service.js';
import { createLookupsService } from './modules/lookups/lookups.service.js';
import { createMagazzinoService } from './modules/magazzino/magazzino.service.js';
import { createStockService } from './modules/magazzino/stock.service.js';
import { createTrasferimentiService } from './modules/trasferimenti/trasferimenti.service.js';

export interface ServicesDeps {
  db: Db;
  entities?: EntityRegistry;
  /** The blocks' count cache (PGlite); the demo seed writes before any reader and passes none. */
  counts?: CountCache;
}

/**
 * The domain services wired to each other, in one place: app.ts serves them and the demo seed writes
 * through them, so both run the same code (stock, ledger, states and history agree). The services that
 * need the HTTP side (sessions, storage, realtime) are added by app.ts on top.
 */
export function createServices({ db, entities = createEntityRegistry(), counts = noCountCache }: ServicesDeps) {
  const lookups = {
    cave: createLookupsService({ db, kind: 'cave' }),
    materiali: createLookupsService({ db, kind: 'materiali' }),
    ubicazioni: createLookupsService({ db, kind: 'ubicazioni' }),
    macchine: createLookupsService({ db, kind: 'macchine' }),
  };
  const caveTariffe = createCaveTariffeService({ db });
  const clienti = createAnagraficaService({ db, kind: 'clienti' });
  const fornitori = createAnagraficaService({ db, kind: 'fornitori' });
  const bancate = createBancateService({ db, cave: lookups.cave, materiali: lookups.materiali, entities });
  const blocchi = createBlocchiService({ db, bancate, materiali: lookups.materiali, ubicazioni: lookups.ubicazioni, clienti, fornitori, entities, counts });
  const magazzino = createMagazzinoService({ db, entities });
  const stock = createStockService({ db, magazzino, clienti, ubicazioni: lookups.ubicazioni });
  const trasferimenti = createTrasferimentiService({ db, clienti, fornitori, materiali: lookups.materiali, blocchi, magazzino, stock });
  const lavorazioniLastre = createLavorazioniLastreService({ db, blocchi, macchine: lookups.macchine, ubicazioni: lookups.ubicazioni, fornitori, magazzino, entities });
  const lavorazioniPavimenti = createLavorazioniPavimentiService({ db, blocchi, magazzino, ubicazioni: lookups.ubicazioni, entities });
  const collaudi = createCollaudiService({ db, blocchi, clienti, entities });
  const ddt = createDdtService({ db, clienti, blocchi, stock, entities });
  return { entities, lookups, caveTariffe, clienti, fornitori, bancate, blocchi, magazzino, stock, trasferimenti, lavorazioniLastre, lavorazioniPavimenti, collaudi, ddt };
}

export type Services = ReturnType<typeof createServices>;
