import {
  cavaBodySchema,
  cavaSchema,
  cavaUpdateSchema,
  LOOKUP_LABELS,
  macchinaBodySchema,
  macchinaSchema,
  macchinaUpdateSchema,
  materialeBodySchema,
  materialeSchema,
  materialeUpdateSchema,
  ubicazioneBodySchema,
  ubicazioneSchema,
  ubicazioneUpdateSchema,
  type LookupKind,
} from '@gestcava/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { cave, macchine, materiali, ubicazioni } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import { constraintError } from '../../lib/db-errors.js';
import { diffChanges, initialValues, recordAudit } from '../../lib/audit.js';
import type { Actor } from '../../plugins/auth.js';

/**
 * The four lookups share one behaviour (company-scoped list, create, edit, delete unless referenced);
 * each has its own table and schemas. The tables differ only in their data columns, so the queries
 * go through the common columns (`id`, `companyId`, `createdAt`).
 */
const DEFINITIONS = {
  cave: { table: cave, body: cavaBodySchema, update: cavaUpdateSchema, schema: cavaSchema, entityType: 'cava', order: cave.nome },
  materiali: { table: materiali, body: materialeBodySchema, update: materialeUpdateSchema, schema: materialeSchema, entityType: 'materiale', order: materiali.nome },
  ubicazioni: { table: ubicazioni, body: ubicazioneBodySchema, update: ubicazioneUpdateSchema, schema: ubicazioneSchema, entityType: 'ubicazione', order: ubicazioni.nome },
  macchine: { table: macchine, body: macchinaBodySchema, update: macchinaUpdateSchema, schema: macchinaSchema, entityType: 'macchina', order: macchine.nome },
} as const;

export function lookupDefinition(kind: LookupKind) {
  return DEFINITIONS[kind];
}

// One table type stands for the four: they share id, companyId, createdAt and updatedAt.
type AnyLookupTable = typeof cave;
type Row = Record<string, unknown> & { id: string; companyId: string; createdAt: Date; updatedAt: Date };

function toDto(row: Row) {
  const { id, companyId: _companyId, createdAt, updatedAt: _updatedAt, ...data } = row;
  return { _id: id, createdAt: createdAt.toISOString(), ...data };
}

export type LookupsService = ReturnType<typeof createLookupsService>;

export function createLookupsService({ db, kind }: { db: Db; kind: LookupKind }) {
  const def = DEFINITIONS[kind];
  const table = def.table as unknown as AnyLookupTable;
  const label = LOOKUP_LABELS[kind].singolare;
  type Body = z.output<(typeof def)['body']>;
  const fields = Object.keys(def.body.shape) as string[];
  const taken = `${label}: esiste già con questo ${kind === 'cave' ? 'codice' : 'nome'}`;

  return {
    /** A row of this company (for other modules' checks), or undefined. */
    async find(companyId: string, id: string, tx: DbOrTx = db): Promise<Row | undefined> {
      const [row] = (await tx.select().from(table).where(and(eq(table.companyId, companyId), eq(table.id, id))).limit(1)) as unknown as Row[];
      return row;
    },

    async list(companyId: string) {
      const rows = await db.select().from(table).where(eq(table.companyId, companyId)).orderBy(asc(def.order as unknown as AnyLookupTable['nome']));
      return (rows as unknown as Row[]).map(toDto);
    },

    async create(actor: Actor, body: Body) {
      try {
        return await db.transaction(async (tx) => {
          const [row] = (await tx
            .insert(table)
            .values({ ...(body as object), companyId: actor.companyId } as typeof cave.$inferInsert)
            .returning()) as unknown as Row[];
          await recordAudit(tx, { companyId: actor.companyId, entityType: def.entityType, entityId: row!.id, action: 'create', userId: actor.userId, changes: initialValues(row!, fields) });
          return toDto(row!);
        });
      } catch (error) {
        throw constraintError(error, { unique: taken }) ?? error;
      }
    },

    async update(actor: Actor, id: string, body: Partial<Body>) {
      try {
        return await db.transaction(async (tx) => {
          const where = and(eq(table.companyId, actor.companyId), eq(table.id, id));
          const [current] = (await tx.select().from(table).where(where).for('update')) as unknown as Row[];
          if (!current) throw notFound(`${label} non trovata`);
          const [row] = (await tx
            .update(table)
            .set({ ...(body as object), updatedAt: new Date() } as Partial<typeof cave.$inferInsert>)
            .where(where)
            .returning()) as unknown as Row[];
          const changes = diffChanges(current, row!, fields);
          if (Object.keys(changes).length) {
            await recordAudit(tx, { companyId: actor.companyId, entityType: def.entityType, entityId: id, action: 'update', userId: actor.userId, changes });
          }
          return toDto(row!);
        });
      } catch (error) {
        throw constraintError(error, { unique: taken }) ?? error;
      }
    },

    async remove(actor: Actor, id: string) {
      try {
        await db.transaction(async (tx) => {
          const deleted = await tx
            .delete(table)
            .where(and(eq(table.companyId, actor.companyId), eq(table.id, id)))
            .returning({ id: table.id });
          if (!deleted.length) throw notFound(`${label} non trovata`);
          await recordAudit(tx, { companyId: actor.companyId, entityType: def.entityType, entityId: id, action: 'delete', userId: actor.userId });
        });
      } catch (error) {
        throw constraintError(error, { foreignKey: `${label} in uso: non si può eliminare, ma puoi disattivarla` }) ?? error;
      }
    },
  };
}
