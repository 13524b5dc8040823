import { and, eq, inArray, notExists, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { blocchi, lavorazioniLastre, lavorazioniPavimenti } from '../db/schema/index.js';

/**
 * Blocks no planned or running job waits for: the demo transfers and sells only these, as the app
 * would refuse the others (a job left waiting for a block that is gone).
 */
export function senzaLavorazioniAperte(db: Db): SQL {
  return and(
    notExists(
      db
        .select({ id: lavorazioniLastre.id })
        .from(lavorazioniLastre)
        .where(
          and(
            eq(lavorazioniLastre.bloccoId, blocchi.id),
            inArray(lavorazioniLastre.stato, ['pianificata', 'in_segagione']),
          ),
        ),
    ),
    notExists(
      db
        .select({ id: lavorazioniPavimenti.id })
        .from(lavorazioniPavimenti)
        .where(
          and(
            eq(lavorazioniPavimenti.bloccoId, blocchi.id),
            inArray(lavorazioniPavimenti.stato, ['pianificata', 'in_lavorazione']),
          ),
        ),
    ),
  )!;
}
