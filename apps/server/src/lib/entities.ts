import type { GenealogyNode, PageKey } from '@gestcava/contracts';
import { and, desc, eq, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { matchesSearch } from './search.js';

export interface EntityRef {
  id: string;
  codice: string | null;
  /** A sub-kind that decides the permission (a blocco's origine). */
  kind?: string;
}

export interface EntityDefinition {
  /** `bancata`, `blocco`, later `lastra`, `pacco`, `lotto`, `collaudo`. */
  type: string;
  label: string;
  /** The 404 message when the label is feminine (`Lastra non trovata`); otherwise `<label> non trovato`. */
  notFound?: string;
  /** The page whose read/write rule governs the entity (and its photos). */
  permission: (ref: EntityRef) => PageKey;
  findInCompany(db: DbOrTx, companyId: string, id: string): Promise<EntityRef | null>;
  /**
   * The item of this code (normalised: `normalizeCodice`). `typed` is the text as typed, for a kind
   * that also answers to a code it does not make (a block's traceability code).
   */
  findByCodice(
    db: DbOrTx,
    companyId: string,
    codice: string,
    typed?: string,
  ): Promise<EntityRef | null>;
  /** Items whose code contains the text (the candidates of a code search), at most `limit`. */
  searchCodice(db: DbOrTx, companyId: string, text: string, limit: number): Promise<EntityRef[]>;
  /** The web route of the detail page (a bought blocco has its own). */
  detailPath(ref: EntityRef): string;
  /** Every page that can govern the type (a blocco: blocchi or blocchi-esterni). */
  pages: readonly PageKey[];
  /**
   * The ids a user who may read only some of `pages` sees: `all`, `none`, or a subquery of ids.
   * Lists of photos (and later other lists across types) filter with it.
   */
  readableIds(canRead: (page: PageKey) => boolean): 'all' | 'none' | SQL;
  /** Subqueries of ids inside a company, for lists that filter across entity types. */
  idsInCava(companyId: string, cavaId: string): SQL;
  /** What a card shows beside a photo, for many entities at once. */
  describe(db: DbOrTx, companyId: string, ids: string[]): Promise<Map<string, EntitySummary>>;
  /**
   * The record whose id is `id` (an SQL expression of the caller's row) as the JSON object
   * `{ codice, kind }` (`EntityRefJson`), a scalar subquery, null when it is gone: a list of several
   * kinds names its records in its own statement (the dashboard's activity; docs/performance.md
   * "One statement where a page had several").
   */
  refJsonSql(companyId: string | Placeholder, id: SQL): SQL;
}

/** What `refJsonSql` answers: a record's code and sub-kind (`EntityRef` without its id). */
export type EntityRefJson = { codice: string | null; kind: string | null } | null;

/** `refJsonSql` of a company table: its code (a column or an expression of its row) and sub-kind. */
export function refJsonOf(
  table: PgTable & { id: PgColumn; companyId: PgColumn },
  codice: SQLWrapper,
  kind?: SQLWrapper,
): EntityDefinition['refJsonSql'] {
  return (companyId, id) =>
    sql`(select json_build_object('codice', ${codice}, 'kind', ${kind ?? sql`null`}) from ${table} where ${table.companyId} = ${companyId} and ${table.id} = ${id})`;
}

export interface EntitySummary {
  codice: string | null;
  materiale: string | null;
  stato: string | null;
  cava: string | null;
  /** The sub-kind that picks the detail page (a blocco's origine). */
  kind?: string;
  /** Key facts for a label, in reading order (material, grade, measures…). */
  facts?: string[];
}

/** `describe` from a query of the items' summary rows and what a card shows of one row. */
export function describeBy<R extends { id: string }>(
  summaries: (db: DbOrTx, companyId: string, ids: string[]) => Promise<R[]>,
  summary: (row: R) => EntitySummary,
): EntityDefinition['describe'] {
  return async (db, companyId, ids) =>
    new Map((await summaries(db, companyId, ids)).map((row) => [row.id, summary(row)]));
}

export type CodiceListener = (
  db: DbOrTx,
  type: string,
  companyId: string,
  id: string,
  codice: string,
) => Promise<void>;

export type GenealogyContributor = (
  db: DbOrTx,
  companyId: string,
  id: string,
) => Promise<GenealogyNode[]>;

/**
 * The registry of traceable, photo-bearing entity types (docs/architecture.md "Module pattern"). Photos, chat references,
 * genealogy views and labels go through it instead of importing the modules. A module registers its
 * types; later modules add genealogy (a lavorazione adds a block's slabs) without the block module
 * knowing them.
 */
export function createEntityRegistry() {
  const definitions = new Map<string, EntityDefinition>();
  const genealogy = new Map<string, GenealogyContributor[]>();
  const codiceListeners: CodiceListener[] = [];

  return {
    register(definition: EntityDefinition) {
      if (definitions.has(definition.type))
        throw new Error(`entity type ${definition.type} registered twice`);
      definitions.set(definition.type, definition);
    },
    get(type: string): EntityDefinition | undefined {
      return definitions.get(type);
    },
    types(): string[] {
      return [...definitions.keys()];
    },
    all(): EntityDefinition[] {
      return [...definitions.values()];
    },
    /** The pages of every registered type, for route rules that cover all of them. */
    pages(): PageKey[] {
      return [...new Set([...definitions.values()].flatMap((d) => d.pages))];
    },
    /** Copies of an entity's code elsewhere (photos) follow a correction, in the same transaction. */
    onCodiceChange(listener: CodiceListener) {
      codiceListeners.push(listener);
    },
    async codiceChanged(db: DbOrTx, type: string, companyId: string, id: string, codice: string) {
      for (const listener of codiceListeners) await listener(db, type, companyId, id, codice);
    },
    addGenealogy(type: string, contributor: GenealogyContributor) {
      genealogy.set(type, [...(genealogy.get(type) ?? []), contributor]);
    },
    async genealogyOf(
      db: DbOrTx,
      type: string,
      companyId: string,
      id: string,
    ): Promise<GenealogyNode[]> {
      const nodes: GenealogyNode[] = [];
      for (const contributor of genealogy.get(type) ?? [])
        nodes.push(...(await contributor(db, companyId, id)));
      return nodes;
    },
  };
}

export type EntityRegistry = ReturnType<typeof createEntityRegistry>;

/** A table whose rows carry a company and a code (the registry's kinds). */
type CodedTable = PgTable & { id: PgColumn; companyId: PgColumn; codice: PgColumn };

/** A coded row's id and code, by either, inside the company: a kind's `findInCompany` / `findByCodice`. */
export function findCodiceIn(
  db: DbOrTx,
  table: CodedTable,
  companyId: string,
  by: { id: string } | { codice: string },
): Promise<EntityRef | null> {
  return db
    .select({ id: sql<string>`${table.id}`, codice: sql<string>`${table.codice}` })
    .from(table)
    .where(
      and(
        eq(table.companyId, companyId),
        'id' in by ? eq(table.id, by.id) : eq(table.codice, by.codice),
      ),
    )
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Coded rows whose code contains the text (a code search's candidates), newest code first: a kind's `searchCodice`. */
export function searchCodiceIn(
  db: DbOrTx,
  table: CodedTable,
  companyId: string,
  text: string,
  limit: number,
): Promise<EntityRef[]> {
  return db
    .select({ id: sql<string>`${table.id}`, codice: sql<string>`${table.codice}` })
    .from(table)
    .where(and(eq(table.companyId, companyId), matchesSearch(table.codice, text)))
    .orderBy(desc(table.codice))
    .limit(limit);
}
