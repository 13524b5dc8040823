import { asc, count, desc, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  condivisioni,
  condivisioniAccessi,
  condivisioniRisposte,
} from '../../db/schema/condivisioni.js';
import { clienti, users } from '../../db/schema/index.js';
import { todayInRomeSql } from '../../lib/dates.js';
import { companyScope } from '../../lib/company-table.js';
import { codiciStatiBlocchi } from '../blocchi/blocchi.reads.js';

export type CondivisioneRow = typeof condivisioni.$inferSelect;

/** attiva / scaduta / revocata, on the database's clock (a link works through its last day in Rome). */
export const statoSql = sql<
  'attiva' | 'scaduta' | 'revocata'
>`(case when ${condivisioni.revocataAt} is not null then 'revocata' when ${condivisioni.scadenza} < ${todayInRomeSql} then 'scaduta' else 'attiva' end)`;

export const condivisioniRepository = {
  async list(db: DbOrTx, companyId: string, where: SQL) {
    return db
      .select({ row: condivisioni, stato: statoSql })
      .from(condivisioni)
      .where(companyScope(condivisioni, companyId, where))
      .orderBy(desc(condivisioni.createdAt), desc(condivisioni.id))
      .limit(200);
  },

  /** Names and figures of a page of links, in four set queries whatever the page's length. */
  async extras(db: DbOrTx, companyId: string, rows: CondivisioneRow[]) {
    const ids = rows.map((r) => r.id);
    const bloccoIds = [...new Set(rows.flatMap((r) => r.blocchi))];
    const clienteIds = [...new Set(rows.map((r) => r.clienteId))];
    const userIds = [...new Set(rows.map((r) => r.userId).filter((u): u is string => !!u))];
    if (ids.length === 0) return { visite: [], risposte: [], blocchi: [], clienti: [], users: [] };
    const [visite, risposte, bl, cl, us] = await Promise.all([
      db
        .select({
          id: condivisioniAccessi.condivisioneId,
          n: count(),
          ultima: max(condivisioniAccessi.at),
        })
        .from(condivisioniAccessi)
        .where(inArray(condivisioniAccessi.condivisioneId, ids))
        .groupBy(condivisioniAccessi.condivisioneId),
      db
        .select()
        .from(condivisioniRisposte)
        .where(inArray(condivisioniRisposte.condivisioneId, ids))
        .orderBy(asc(condivisioniRisposte.at), asc(condivisioniRisposte.id)),
      codiciStatiBlocchi(db, companyId, bloccoIds),
      db
        .select({ id: clienti.id, ragioneSociale: clienti.ragioneSociale })
        .from(clienti)
        .where(inArray(clienti.id, clienteIds)),
      userIds.length
        ? db
            .select({ id: users.id, name: users.name })
            .from(users)
            .where(inArray(users.id, userIds))
        : Promise.resolve([]),
    ]);
    return { visite, risposte, blocchi: bl, clienti: cl, users: us };
  },

  accessi(db: DbOrTx, condivisioneId: string) {
    return db
      .select()
      .from(condivisioniAccessi)
      .where(eq(condivisioniAccessi.condivisioneId, condivisioneId))
      .orderBy(desc(condivisioniAccessi.at))
      .limit(500);
  },

  /** The link of a token's hash, locked against a revocation while an answer is written. */
  async byHash(db: DbOrTx, hash: string, lock = false) {
    const q = db
      .select({ row: condivisioni, stato: statoSql })
      .from(condivisioni)
      .where(eq(condivisioni.tokenHash, hash));
    const [found] = lock ? await q.for('share') : await q;
    return found;
  },
};
