import { type CondivisioneCreate, type CondivisioniNotificheLetti } from '@gestcava/contracts';
import { eq, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { condivisioni, condivisioniRisposte } from '../../db/schema/condivisioni.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { recordAuditMany } from '../../lib/audit.js';
import { condivisioniRepository as repo } from './condivisioni.repository.js';
import { companyScope } from '../../lib/company-table.js';

import { create } from './condivisioni.create.js';
import { importDemo } from './condivisioni.demo-import.js';
import { detail, ENTITY_TYPE, NOT_FOUND, toDtos } from './condivisioni.common.js';
import { markRead, markRisposteRead, notifiche } from './condivisioni.notifiche.js';

export type CondivisioniService = ReturnType<typeof createCondivisioniService>;

/**
 * The staff's side of the links: make, list, read, withdraw (docs/condivisioni.md). Making a link
 * (`condivisioni.create.ts`) and the demo's links (`condivisioni.demo-import.ts`) are files of their
 * own; what they share with the public page is in `condivisioni.common.ts`.
 */
export function createCondivisioniService({ db }: { db: Db }) {
  return {
    detail: (companyId: string, id: string, tx: DbOrTx = db) => detail(tx, companyId, id),
    create: (actor: Actor, input: CondivisioneCreate, publicUrl: string) =>
      create(db, actor, input, publicUrl),
    importDemo: (...args: Parameters<typeof importDemo> extends [Db, ...infer A] ? A : never) =>
      importDemo(db, ...args),

    async list(companyId: string, q: { clienteId?: string; bloccoId?: string }) {
      const where = or(
        q.clienteId ? eq(condivisioni.clienteId, q.clienteId) : undefined,
        q.bloccoId ? sql`${condivisioni.blocchi} @> array[${q.bloccoId}::uuid]` : undefined,
      )!;
      return { items: await toDtos(db, companyId, await repo.list(db, companyId, where)) };
    },

    /** Withdraws the link at once: the next request with its token answers 410. */
    async revoca(actor: Actor, id: string) {
      await db.transaction(async (tx) => {
        const [done] = await tx
          .update(condivisioni)
          .set({ revocataAt: new Date(), revocataDa: actor.userId, updatedAt: new Date() })
          .where(
            companyScope(
              condivisioni,
              actor.companyId,
              eq(condivisioni.id, id),
              isNull(condivisioni.revocataAt),
            ),
          )
          .returning();
        if (!done) {
          const [exists] = await repo.list(tx, actor.companyId, eq(condivisioni.id, id));
          if (!exists) throw notFound(NOT_FOUND);
          throw conflict('Il link è già stato revocato');
        }
        await recordAuditMany(tx, [
          {
            companyId: actor.companyId,
            entityType: ENTITY_TYPE,
            entityId: id,
            action: 'revoca',
            userId: actor.userId,
          },
        ]);
      });
      return detail(db, actor.companyId, id);
    },

    notifiche: (actor: Actor) => notifiche(db, actor),

    /** The maker opened the link's page: its answers are seen. */
    segnaLette: (actor: Actor, id: string) =>
      markRead(db, actor, eq(condivisioniRisposte.condivisioneId, id)),

    segnaRisposteLette: (actor: Actor, body: CondivisioniNotificheLetti) =>
      markRisposteRead(db, actor, body),
  };
}
