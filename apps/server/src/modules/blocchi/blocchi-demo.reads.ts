import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { blocchi, materiali } from '../../db/schema/index.js';
import { companyScope } from '../../lib/company-table.js';
import { senzaLavorazioneAperta } from './blocchi.repository.js';
import type { BloccoOrigine } from '@gestcava/contracts';

// The blocks the demo seeds of other modules start from (docs/architecture.md "Reading another
// module's rows"): which blocks are free to saw, sell or photograph, and their measures.

/** The company's oldest `disponibile` blocks of an origine that no open job waits for (demo data). */
export function bloccoIdsLiberi(db: Db, companyId: string, origine: BloccoOrigine, limit: number) {
  return db
    .select({ id: blocchi.id })
    .from(blocchi)
    .where(
      companyScope(
        blocchi,
        companyId,
        eq(blocchi.origine, origine),
        eq(blocchi.stato, 'disponibile'),
        senzaLavorazioneAperta,
      ),
    )
    .orderBy(asc(blocchi.createdAt), asc(blocchi.id))
    .limit(limit);
}

/** A block's net measures (cm), undefined when the company has no such block. */
export async function misureNetteBlocco(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select({
      lunghezzaNetta: blocchi.lunghezzaNetta,
      altezzaNetta: blocchi.altezzaNetta,
      profonditaNetta: blocchi.profonditaNetta,
    })
    .from(blocchi)
    .where(companyScope(blocchi, companyId, eq(blocchi.id, id)));
  return row;
}

/** The ids of the company's first `limit` blocks `disponibile` by code (demo data). */
export function bloccoIdsDisponibili(db: DbOrTx, companyId: string, limit: number) {
  return db
    .select({ id: blocchi.id })
    .from(blocchi)
    .where(companyScope(blocchi, companyId, eq(blocchi.stato, 'disponibile')))
    .orderBy(asc(blocchi.codice))
    .limit(limit);
}

/** The company's latest `limit` blocks quarried here, with their material's name (demo photos). */
export function ultimiBlocchiInterni(db: DbOrTx, companyId: string, limit: number) {
  return db
    .select({
      id: blocchi.id,
      codice: blocchi.codice,
      materiale: sql<string>`(select ${materiali.nome} from ${materiali} where ${materiali.id} = ${blocchi.materialeId})`,
    })
    .from(blocchi)
    .where(companyScope(blocchi, companyId, eq(blocchi.origine, 'interno')))
    .orderBy(desc(blocchi.createdAt))
    .limit(limit);
}

/** The company's `limit` oldest `disponibile` blocks with their net measures (the demo's sawings). */
export function blocchiDisponibili(db: DbOrTx, companyId: string, limit: number) {
  return db
    .select({
      id: blocchi.id,
      lunghezzaNetta: blocchi.lunghezzaNetta,
      altezzaNetta: blocchi.altezzaNetta,
      profonditaNetta: blocchi.profonditaNetta,
    })
    .from(blocchi)
    .where(companyScope(blocchi, companyId, eq(blocchi.stato, 'disponibile')))
    .orderBy(asc(blocchi.createdAt), asc(blocchi.id))
    .limit(limit);
}

/** The company's squared blocks in stock that no open job waits for, oldest first (the demo sells these). */
export function squadratiLiberi(db: Db, companyId: string) {
  return db
    .select({ id: blocchi.id, prezzo: blocchi.prezzoListino, createdAt: blocchi.createdAt })
    .from(blocchi)
    .where(
      companyScope(
        blocchi,
        companyId,
        eq(blocchi.origine, 'interno'),
        eq(blocchi.stato, 'disponibile'),
        inArray(blocchi.categoria, ['squadrato', 'semisquadrato']),
        senzaLavorazioneAperta,
      ),
    )
    .orderBy(asc(blocchi.createdAt), asc(blocchi.id));
}
