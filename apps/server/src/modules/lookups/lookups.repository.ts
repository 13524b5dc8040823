import type { LookupKind } from '@gestcava/contracts';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companyScope, companyTable } from '../../lib/company-table.js';
import { cave, macchine, materiali, ubicazioni } from '../../db/schema/index.js';

/** The four lookup tables: each has id, companyId, createdAt, updatedAt and a `nome` they list by. */
const TABLES = { cave, materiali, ubicazioni, macchine } satisfies Record<LookupKind, unknown>;

export type LookupRow<K extends LookupKind> = (typeof TABLES)[K]['$inferSelect'];
export type NewLookupRow<K extends LookupKind> = Omit<
  (typeof TABLES)[K]['$inferInsert'],
  'id' | 'companyId' | 'createdAt' | 'updatedAt'
>;

/**
 * The queries of one lookup, typed by its kind (a materiale has a `densita`, a macchina a `kerfMm`).
 * Every function takes the company and applies it (lib/company-table.ts), narrowed to the kind's row type.
 */
export function lookupRepository<K extends LookupKind>(kind: K) {
  const table = TABLES[kind] as (typeof TABLES)[LookupKind];
  const rows = companyTable<typeof table, LookupRow<K>, NewLookupRow<K>>(table);

  return {
    find: rows.find,

    list(db: DbOrTx, companyId: string): Promise<LookupRow<K>[]> {
      return db
        .select()
        .from(table)
        .where(companyScope(table, companyId))
        .orderBy(asc(table.nome)) as Promise<LookupRow<K>[]>;
    },

    /** The row locked for an edit. */
    lock: rows.findForUpdate,
    insert: rows.insert,
    update: rows.update,
    remove: rows.remove,
  };
}

/** The company's materiale of this name (a transferred stone keeps its material), created if missing. */
export async function ensureMateriale(
  db: DbOrTx,
  companyId: string,
  m: { nome: string; tipo: string; densita: number },
): Promise<string> {
  // DO NOTHING takes no lock on an existing row (a no-op DO UPDATE would, and two transfers into one
  // company, naming two materials in opposite order, then deadlocked); the row is read after.
  const [created] = await db
    .insert(materiali)
    .values({ companyId, nome: m.nome, tipo: m.tipo, densita: m.densita })
    .onConflictDoNothing({ target: [materiali.companyId, materiali.nome] })
    .returning({ id: materiali.id });
  if (created) return created.id;
  const [existing] = await db
    .select({ id: materiali.id })
    .from(materiali)
    .where(companyScope(materiali, companyId, eq(materiali.nome, m.nome)));
  return existing!.id;
}
