import {
  CONDIVISIONE_NOTIFICHE_MAX,
  type CondivisioniNotifiche,
  type CondivisioniNotificheLetti,
  condivisioniNotificheLettiSchema,
  type RISPOSTE,
} from '@gestcava/contracts';
import { and, count, desc, eq, exists, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { condivisioni, condivisioniRisposte } from '../../db/schema/condivisioni.js';
import { clienti } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { companyScope } from '../../lib/company-table.js';
import { bloccoRefs } from '../blocchi/blocchi.reads.js';

/** An id no row has: `in ()` is not SQL, and an empty list marks nothing. */
const NONE = '00000000-0000-0000-0000-000000000000';

/**
 * The answers to the caller's own links not read yet, newest first: the notification of a buyer's
 * answer (docs/condivisioni.md "Le risposte").
 */
export async function notifiche(db: Db, actor: Actor): Promise<CondivisioniNotifiche> {
  const unread = companyScope(
    condivisioni,
    actor.companyId,
    eq(condivisioni.userId, actor.userId),
    isNull(condivisioniRisposte.lettaAt),
  );
  const blocco = bloccoRefs(db, actor.companyId);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        risposta: condivisioniRisposte,
        codice: blocco.codice,
        origine: blocco.origine,
        cliente: clienti.ragioneSociale,
      })
      .from(condivisioniRisposte)
      .innerJoin(condivisioni, eq(condivisioni.id, condivisioniRisposte.condivisioneId))
      .innerJoin(blocco, eq(blocco.id, condivisioniRisposte.bloccoId))
      .innerJoin(clienti, eq(clienti.id, condivisioni.clienteId))
      .where(unread)
      .orderBy(desc(condivisioniRisposte.at), desc(condivisioniRisposte.id))
      .limit(CONDIVISIONE_NOTIFICHE_MAX),
    db
      .select({
        n: count(),
        links: sql<string[]>`coalesce(array_agg(distinct ${condivisioni.id}), '{}')`,
      })
      .from(condivisioniRisposte)
      .innerJoin(condivisioni, eq(condivisioni.id, condivisioniRisposte.condivisioneId))
      .where(unread),
  ]);
  return {
    nonLette: totals?.n ?? 0,
    condivisioni: totals?.links ?? [],
    risposte: rows.map(({ risposta: r, codice, origine, cliente }) => ({
      _id: r.id,
      condivisioneId: r.condivisioneId,
      bloccoId: r.bloccoId,
      codice,
      origine,
      cliente,
      risposta: r.risposta as (typeof RISPOSTE)[number],
      nota: r.nota,
      at: r.at.toISOString(),
    })),
  };
}

/** Only answers on the caller's own links, and each once: an answer already read keeps its time. */
export async function markRead(db: Db, actor: Actor, which: SQL | undefined) {
  await db
    .update(condivisioniRisposte)
    .set({ lettaAt: new Date() })
    .where(
      and(
        which,
        isNull(condivisioniRisposte.lettaAt),
        exists(
          db
            .select({ one: sql`1` })
            .from(condivisioni)
            .where(
              companyScope(
                condivisioni,
                actor.companyId,
                eq(condivisioni.id, condivisioniRisposte.condivisioneId),
                eq(condivisioni.userId, actor.userId),
              ),
            ),
        ),
      ),
    );
}

/** The maker dismissed the notification: the answers named, or all of them, are read. */
export async function markRisposteRead(db: Db, actor: Actor, body: CondivisioniNotificheLetti) {
  const { risposte } = condivisioniNotificheLettiSchema.parse(body);
  await markRead(
    db,
    actor,
    risposte ? inArray(condivisioniRisposte.id, risposte.length ? risposte : [NONE]) : undefined,
  );
}
