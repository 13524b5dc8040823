import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clienti, collaudi, collaudoRighe } from '../../db/schema/index.js';
import { companyTable } from '../../lib/company-table.js';
import { matchesSearch } from '../../lib/search.js';

// The reads of the entity registry (code box, photo cards, labels, a block's genealogy).

const c = collaudi;
const r = collaudoRighe;
const cl = clienti;
const scoped = companyTable(collaudi);

/** Collaudi in which a block appears, newest first (the block's genealogy). */
export function ofBlocco(db: DbOrTx, companyId: string, bloccoId: string) {
  return db
    .select({
      id: c.id,
      codice: c.codice,
      data: c.data,
      stato: c.stato,
      esito: r.esito,
      cliente: cl.ragioneSociale,
    })
    .from(r)
    .innerJoin(c, eq(c.id, r.collaudoId))
    .innerJoin(cl, eq(cl.id, c.clienteId))
    .where(scoped.scope(companyId, eq(r.bloccoId, bloccoId)))
    .orderBy(desc(c.data), desc(c.id));
}

export function findCodice(db: DbOrTx, companyId: string, by: { id: string } | { codice: string }) {
  return db
    .select({ id: c.id, codice: c.codice })
    .from(c)
    .where(
      'id' in by
        ? scoped.inCompany(companyId, by.id)
        : scoped.scope(companyId, eq(c.codice, by.codice)),
    )
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

export function searchCodice(db: DbOrTx, companyId: string, text: string, limit: number) {
  return db
    .select({ id: c.id, codice: c.codice })
    .from(c)
    .where(scoped.scope(companyId, matchesSearch(c.codice, text)))
    .orderBy(desc(c.codice))
    .limit(limit);
}

/** Code, cliente and state of many collaudi at once (photo cards, labels). */
export function summaries(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: c.id,
      codice: c.codice,
      stato: c.stato,
      data: c.data,
      cliente: cl.ragioneSociale,
      blocchi: sql<number>`(select count(*)::int from ${r} where ${r.collaudoId} = ${c.id})`,
    })
    .from(c)
    .innerJoin(cl, eq(cl.id, c.clienteId))
    .where(scoped.scope(companyId, inArray(c.id, ids)));
}
