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
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { assertCodiceChange } from '../../lib/codes.js';
import { constraintError } from '../../lib/db-errors.js';
import type { Actor } from '../../lib/actor.js';
import { diffChanges, initialValues, recordAudit } from '../../lib/audit.js';
import { ricalcolaPesiTeorici } from '../../lib/peso-blocco.js';
import { lookupRepository, type LookupRow, type NewLookupRow } from './lookups.repository.js';

/**
 * The four lookups share one behaviour (company-scoped list, create, edit, delete unless referenced);
 * each has its own table (lookups.repository.ts) and schemas.
 */
const DEFINITIONS = {
  cave: { body: cavaBodySchema, update: cavaUpdateSchema, schema: cavaSchema, entityType: 'cava' },
  materiali: {
    body: materialeBodySchema,
    update: materialeUpdateSchema,
    schema: materialeSchema,
    entityType: 'materiale',
  },
  ubicazioni: {
    body: ubicazioneBodySchema,
    update: ubicazioneUpdateSchema,
    schema: ubicazioneSchema,
    entityType: 'ubicazione',
  },
  macchine: {
    body: macchinaBodySchema,
    update: macchinaUpdateSchema,
    schema: macchinaSchema,
    entityType: 'macchina',
  },
} as const;

export function lookupDefinition<K extends LookupKind>(kind: K): (typeof DEFINITIONS)[K] {
  return DEFINITIONS[kind];
}

/** The API shape of a lookup (`_id`, `createdAt`, the data columns; never the company). */
export type LookupDto<K extends LookupKind> = z.output<(typeof DEFINITIONS)[K]['schema']>;

function toDto<K extends LookupKind>(row: LookupRow<K>): LookupDto<K> {
  const { id, companyId: _companyId, createdAt, updatedAt: _updatedAt, ...data } = row;
  // The text columns (a materiale's `tipo`) hold only values the body schema let in, and the route's
  // response schema checks the shape again on the way out.
  return { _id: id, createdAt: createdAt.toISOString(), ...data } as LookupDto<K>;
}

export type LookupsService<K extends LookupKind = LookupKind> = ReturnType<
  typeof createLookupsService<K>
>;

export function createLookupsService<K extends LookupKind>({ db, kind }: { db: Db; kind: K }) {
  const def = DEFINITIONS[kind];
  const repo = lookupRepository(kind);
  const label = LOOKUP_LABELS[kind].singolare;
  // The audited fields are the body's: Object.keys loses their names' type.
  const fields = Object.keys(def.body.shape) as Array<keyof LookupRow<K> & string>;
  const taken = `${label}: esiste già con questo ${kind === 'cave' ? 'codice' : 'nome'}`;

  return {
    /** A row of this company (for other modules' checks), or undefined. */
    find(companyId: string, id: string, tx: DbOrTx = db): Promise<LookupRow<K> | undefined> {
      return repo.find(tx, companyId, id);
    },

    async list(companyId: string) {
      return (await repo.list(db, companyId)).map((row) => toDto<K>(row));
    },

    async create(actor: Actor, body: NewLookupRow<K>) {
      try {
        return await db.transaction(async (tx) => {
          const row = await repo.insert(tx, actor.companyId, body);
          await recordAudit(tx, {
            companyId: actor.companyId,
            entityType: def.entityType,
            entityId: row.id,
            action: 'create',
            userId: actor.userId,
            changes: initialValues(row, fields),
          });
          return toDto<K>(row);
        });
      } catch (error) {
        throw constraintError(error, { unique: taken }) ?? error;
      }
    },

    async update(actor: Actor, id: string, body: Partial<NewLookupRow<K>>) {
      try {
        return await db.transaction(async (tx) => {
          const current = await repo.lock(tx, actor.companyId, id);
          if (!current) throw notFound(`${label} non trovata`);
          // only a quarry has a code
          if ('codice' in current)
            assertCodiceChange((body as { codice?: string }).codice, current.codice);
          const row = (await repo.update(tx, actor.companyId, id, body))!;
          const changes = diffChanges(current, row, fields);
          // a corrected density moves the theoretical weights stored from it (one weight on every screen)
          if (changes.densita && 'densita' in row)
            await ricalcolaPesiTeorici(tx, actor.companyId, id, row.densita);
          if (Object.keys(changes).length) {
            await recordAudit(tx, {
              companyId: actor.companyId,
              entityType: def.entityType,
              entityId: id,
              action: 'update',
              userId: actor.userId,
              changes,
            });
          }
          return toDto<K>(row);
        });
      } catch (error) {
        throw constraintError(error, { unique: taken }) ?? error;
      }
    },

    async remove(actor: Actor, id: string) {
      try {
        await db.transaction(async (tx) => {
          if (!(await repo.remove(tx, actor.companyId, id))) throw notFound(`${label} non trovata`);
          await recordAudit(tx, {
            companyId: actor.companyId,
            entityType: def.entityType,
            entityId: id,
            action: 'delete',
            userId: actor.userId,
          });
        });
      } catch (error) {
        throw (
          constraintError(error, {
            foreignKey: `${label} in uso: non si può eliminare, ma puoi disattivarla`,
          }) ?? error
        );
      }
    },
  };
}

/** A materiale by name in a company, created if missing (a transfer to a group company). */
export { ensureMateriale } from './lookups.repository.js';
