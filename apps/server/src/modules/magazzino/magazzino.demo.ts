import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { lastre, movimenti, pacchi } from '../../db/schema/index.js';
import { companyScope } from '../../lib/company-table.js';

/**
 * Demo data only: the bundles a sawing loaded, their slabs and their `carico` dated `at` instead of
 * the moment the seed ran, so the demo's stock has a past.
 */
async function backdateCaricoOfLavorazione(
  db: DbOrTx,
  companyId: string,
  lavorazioneId: string,
  at: SQL,
) {
  const ofLavorazione = sql`(select ${pacchi.id} from ${pacchi} where ${companyScope(pacchi, companyId, eq(pacchi.lavorazioneId, lavorazioneId))})`;
  await db
    .update(pacchi)
    .set({ createdAt: at })
    .where(companyScope(pacchi, companyId, eq(pacchi.lavorazioneId, lavorazioneId)));
  await db
    .update(lastre)
    .set({ createdAt: at })
    .where(companyScope(lastre, companyId, sql`${lastre.paccoId} in ${ofLavorazione}`));
  await db
    .update(movimenti)
    .set({ createdAt: at })
    .where(companyScope(movimenti, companyId, sql`${movimenti.paccoId} in ${ofLavorazione}`));
}

/**
 * Demo data only (the sawings' seed): writes a seed needs on the stock rows, as they stand after
 * months of work. No route reaches these.
 */
export function createMagazzinoDemo() {
  return { backdateCaricoOfLavorazione };
}
