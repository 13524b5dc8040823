import { TARIFFA_CATEGORIE, type CavaTariffa, type CavaTariffaBody } from '@gestcava/contracts';
import { and, eq, gte, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { cave, caveTariffe } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { type diffChanges, recordAudit } from '../../lib/audit.js';
import { companyScope } from '../../lib/company-table.js';
import { italianDate } from '../../lib/dates.js';

// What the tariffs' operation files share: the row's answer, the quarry's lock, the checks, the history.

export interface CaveTariffeDeps {
  db: Db;
}

export type TariffaRow = typeof caveTariffe.$inferSelect;
export const FIELDS = ['validoDal', 'validoAl', ...TARIFFA_CATEGORIE] as const;
export const CAVA_NOT_FOUND = 'Cava non trovata';
export const NOT_FOUND = 'Tariffe non trovate';

export function toDto(row: TariffaRow): CavaTariffa {
  const { id, companyId: _c, createdAt: _ca, updatedAt: _u, ...data } = row;
  return { _id: id, ...data };
}

/** The company's quarry locked, so two writes of its tariffs are serialised (404 when it is none). */
export async function lockCava(tx: DbOrTx, companyId: string, cavaId: string) {
  const [cava] = await tx
    .select({ id: cave.id })
    .from(cave)
    .where(companyScope(cave, companyId, eq(cave.id, cavaId)))
    .for('update');
  if (!cava) throw notFound(CAVA_NOT_FOUND);
}

/** 409 naming the period already covering part of this one. */
export async function assertNoOverlap(
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

/** The history row of a change of tariffs, on the quarry (where they are edited). */
export const auditTariffe = (
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
