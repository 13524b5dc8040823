import { TARIFFA_CATEGORIE, type CavaTariffa, type CavaTariffaBody } from '@gestcava/contracts';
import { and, desc, eq, gte, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { cave, caveTariffe } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { diffChanges, initialValues, recordAudit } from '../../lib/audit.js';
import { italianDate } from '../../lib/dates.js';
import { companyScope } from '../../lib/company-table.js';

type TariffaRow = typeof caveTariffe.$inferSelect;
const FIELDS = ['validoDal', 'validoAl', ...TARIFFA_CATEGORIE] as const;

function toDto(row: TariffaRow): CavaTariffa {
  const { id, companyId: _c, createdAt: _ca, updatedAt: _u, ...data } = row;
  return { _id: id, ...data };
}

export type CaveTariffeService = ReturnType<typeof createCaveTariffeService>;

/**
 * A quarry's tariffs for the contributo di estrazione. Each write locks the quarry's
 * row first, so two admins adding periods at once are serialised and the no-overlap check holds.
 * History goes on the quarry (entity `cava`), where the tariffs are edited.
 */
export function createCaveTariffeService({ db }: { db: Db }) {
  async function lockCava(tx: DbOrTx, companyId: string, cavaId: string) {
    const [cava] = await tx
      .select({ id: cave.id })
      .from(cave)
      .where(companyScope(cave, companyId, eq(cave.id, cavaId)))
      .for('update');
    if (!cava) throw notFound('Cava non trovata');
  }

  /** 409 naming the period already covering part of this one. */
  async function assertNoOverlap(
    tx: DbOrTx,
    cavaId: string,
    body: CavaTariffaBody,
    exceptId?: string,
  ) {
    const overlaps: SQL[] = [
      eq(caveTariffe.cavaId, cavaId),
      or(isNull(caveTariffe.validoAl), gte(caveTariffe.validoAl, body.validoDal))!,
    ];
    if (body.validoAl) overlaps.push(lte(caveTariffe.validoDal, body.validoAl));
    if (exceptId) overlaps.push(ne(caveTariffe.id, exceptId));
    const [other] = await tx
      .select()
      .from(caveTariffe)
      .where(and(...overlaps))
      .limit(1);
    if (other) {
      const fino = other.validoAl ? `al ${italianDate(other.validoAl)}` : 'senza scadenza';
      throw conflict(
        `Le date si sovrappongono alle tariffe valide dal ${italianDate(other.validoDal)} ${fino}`,
      );
    }
  }

  const audit = (
    tx: DbOrTx,
    actor: Actor,
    cavaId: string,
    note: string,
    changes: ReturnType<typeof diffChanges>,
  ) =>
    recordAudit(tx, {
      companyId: actor.companyId,
      entityType: 'cava',
      entityId: cavaId,
      action: 'update',
      userId: actor.userId,
      changes,
      note,
    });

  return {
    /** Newest period first. */
    async list(companyId: string, cavaId: string): Promise<CavaTariffa[]> {
      const [cava] = await db
        .select({ id: cave.id })
        .from(cave)
        .where(companyScope(cave, companyId, eq(cave.id, cavaId)));
      if (!cava) throw notFound('Cava non trovata');
      const rows = await db
        .select()
        .from(caveTariffe)
        .where(eq(caveTariffe.cavaId, cavaId))
        .orderBy(desc(caveTariffe.validoDal));
      return rows.map(toDto);
    },

    async create(actor: Actor, cavaId: string, body: CavaTariffaBody): Promise<CavaTariffa> {
      return db.transaction(async (tx) => {
        await lockCava(tx, actor.companyId, cavaId);
        await assertNoOverlap(tx, cavaId, body);
        const [row] = await tx
          .insert(caveTariffe)
          .values({ ...body, companyId: actor.companyId, cavaId })
          .returning();
        await audit(
          tx,
          actor,
          cavaId,
          `Tariffe dal ${italianDate(body.validoDal)} aggiunte`,
          initialValues(row!, FIELDS),
        );
        return toDto(row!);
      });
    },

    async update(
      actor: Actor,
      cavaId: string,
      id: string,
      body: CavaTariffaBody,
    ): Promise<CavaTariffa> {
      return db.transaction(async (tx) => {
        await lockCava(tx, actor.companyId, cavaId);
        const [current] = await tx
          .select()
          .from(caveTariffe)
          .where(and(eq(caveTariffe.cavaId, cavaId), eq(caveTariffe.id, id)));
        if (!current) throw notFound('Tariffe non trovate');
        await assertNoOverlap(tx, cavaId, body, id);
        const [row] = await tx
          .update(caveTariffe)
          .set({ ...body, updatedAt: new Date() })
          .where(eq(caveTariffe.id, id))
          .returning();
        const changes = diffChanges(current, row!, FIELDS);
        if (Object.keys(changes).length)
          await audit(
            tx,
            actor,
            cavaId,
            `Tariffe dal ${italianDate(row!.validoDal)} modificate`,
            changes,
          );
        return toDto(row!);
      });
    },

    async remove(actor: Actor, cavaId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockCava(tx, actor.companyId, cavaId);
        const [row] = await tx
          .delete(caveTariffe)
          .where(and(eq(caveTariffe.cavaId, cavaId), eq(caveTariffe.id, id)))
          .returning();
        if (!row) throw notFound('Tariffe non trovate');
        await audit(tx, actor, cavaId, `Tariffe dal ${italianDate(row.validoDal)} eliminate`, {});
      });
    },
  };
}
