import type { Db } from '../db/client.js';
import { noCountCache } from '../lib/count-cache.js';
import { createEntityRegistry } from '../lib/entities.js';
import { createAnagraficaService } from '../modules/anagrafica/anagrafica.service.js';
import { createBancateService } from '../modules/bancate/bancate.service.js';
import { createCollaudiService } from '../modules/collaudi/collaudi.service.js';
import { createBlocchiService } from '../modules/blocchi/blocchi.service.js';
import { createLavorazioniLastreService } from '../modules/lavorazioni-lastre/lavorazioni-lastre.service.js';
import { createLavorazioniPavimentiService } from '../modules/lavorazioni-pavimenti/lavorazioni-pavimenti.service.js';
import { createLookupsService } from '../modules/lookups/lookups.service.js';
import { createMagazzinoService } from '../modules/magazzino/magazzino.service.js';
import { createStockService } from '../modules/magazzino/stock.service.js';
import { createTrasferimentiService } from '../modules/trasferimenti/trasferimenti.service.js';

/**
 * The domain services as app.ts wires them, over the demo database: the seed runs before the app
 * exists and writes through the same service calls as the web app, so stock, ledger, states and
 * history agree.
 */
export function demoServices(db: Db) {
  const entities = createEntityRegistry();
  const lookups = {
    cave: createLookupsService({ db, kind: 'cave' }),
    materiali: createLookupsService({ db, kind: 'materiali' }),
    ubicazioni: createLookupsService({ db, kind: 'ubicazioni' }),
    macchine: createLookupsService({ db, kind: 'macchine' }),
  };
  const clienti = createAnagraficaService({ db, kind: 'clienti' });
  const fornitori = createAnagraficaService({ db, kind: 'fornitori' });
  const bancate = createBancateService({ db, cave: lookups.cave, materiali: lookups.materiali, entities });
  const blocchi = createBlocchiService({ db, bancate, materiali: lookups.materiali, ubicazioni: lookups.ubicazioni, clienti, fornitori, entities, counts: noCountCache });
  const magazzino = createMagazzinoService({ db, entities });
  const stock = createStockService({ db, magazzino, clienti, ubicazioni: lookups.ubicazioni });
  return {
    lookups,
    clienti,
    blocchi,
    magazzino,
    stock,
    trasferimenti: createTrasferimentiService({ db, clienti, fornitori, materiali: lookups.materiali, blocchi, magazzino, stock }),
    lavorazioniLastre: createLavorazioniLastreService({ db, blocchi, macchine: lookups.macchine, ubicazioni: lookups.ubicazioni, fornitori, magazzino, entities }),
    lavorazioniPavimenti: createLavorazioniPavimentiService({ db, blocchi, magazzino, ubicazioni: lookups.ubicazioni, entities }),
    collaudi: createCollaudiService({ db, blocchi, clienti, entities }),
  };
}
