import type { CavaTariffa, CavaTariffaBody } from '@gestcava/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { caveTariffe } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/app-error.js';
import { initialValues, recordUpdate } from '../../lib/audit.js';
import { italianDate } from '../../lib/dates.js';
import {
  assertNoOverlap,
  auditTariffe,
  FIELDS,
  lockCava,
  NOT_FOUND,
  toDto,
  type CaveTariffeDeps,
} from './cave-tariffe.common.js';

/** The edit of one period under its quarry's lock, with its history when something changed. */
async function writeUpdate(
  tx: DbOrTx,
  actor: Actor,
  cavaId: string,
  id: string,
  body: CavaTariffaBody,
) {
  await lockCava(tx, actor.companyId, cavaId);
  const [current] = await tx
    .select()
    .from(caveTariffe)
    .where(and(eq(caveTariffe.cavaId, cavaId), eq(caveTariffe.id, id)));
  if (!current) throw notFound(NOT_FOUND);
  await assertNoOverlap(tx, cavaId, body, id);
  const [row] = await tx
    .update(caveTariffe)
    .set({ ...body, updatedAt: new Date() })
    .where(eq(caveTariffe.id, id))
    .returning();
  await recordUpdate(
    tx,
    {
      companyId: actor.companyId,
      entityType: 'cava',
      entityId: cavaId,
      userId: actor.userId,
      note: `Tariffe dal ${italianDate(row!.validoDal)} modificate`,
    },
    current,
    row!,
    FIELDS,
  );
  return toDto(row!);
}

/** Adding, editing and deleting a quarry's periods; each write locks the quarry first. */
export function createCaveTariffeEdits({ db }: CaveTariffeDeps) {
  return {
    async create(actor: Actor, cavaId: string, body: CavaTariffaBody): Promise<CavaTariffa> {
      return db.transaction(async (tx) => {
        await lockCava(tx, actor.companyId, cavaId);
        await assertNoOverlap(tx, cavaId, body);
        const [row] = await tx
          .insert(caveTariffe)
          .values({ ...body, companyId: actor.companyId, cavaId })
          .returning();
        await auditTariffe(
          tx,
          actor,
          cavaId,
          `Tariffe dal ${italianDate(body.validoDal)} aggiunte`,
          initialValues(row!, FIELDS),
        );
        return toDto(row!);
      });
    },

    update(actor: Actor, cavaId: string, id: string, body: CavaTariffaBody): Promise<CavaTariffa> {
      return db.transaction((tx) => writeUpdate(tx, actor, cavaId, id, body));
    },

    async remove(actor: Actor, cavaId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockCava(tx, actor.companyId, cavaId);
        const [row] = await tx
          .delete(caveTariffe)
          .where(and(eq(caveTariffe.cavaId, cavaId), eq(caveTariffe.id, id)))
          .returning();
        if (!row) throw notFound(NOT_FOUND);
        await auditTariffe(
          tx,
          actor,
          cavaId,
          `Tariffe dal ${italianDate(row.validoDal)} eliminate`,
          {},
        );
      });
    },
  };
}
