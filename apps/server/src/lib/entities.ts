import type { GenealogyNode, PageKey } from '@gestcava/contracts';
import type { DbOrTx } from '../db/client.js';

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
  /** The page whose read/write rule governs the entity (and its photos). */
  permission: (ref: EntityRef) => PageKey;
  findInCompany(db: DbOrTx, companyId: string, id: string): Promise<EntityRef | null>;
  findByCodice(db: DbOrTx, companyId: string, codice: string): Promise<EntityRef | null>;
  detailPath(id: string): string;
}

export type GenealogyContributor = (db: DbOrTx, companyId: string, id: string) => Promise<GenealogyNode[]>;

/**
 * The registry of traceable, photo-bearing entity types (DESIGN §2.2). Photos, chat references,
 * genealogy views and labels go through it instead of importing the modules. A module registers its
 * types; later modules add genealogy (a lavorazione adds a block's slabs) without the block module
 * knowing them.
 */
export function createEntityRegistry() {
  const definitions = new Map<string, EntityDefinition>();
  const genealogy = new Map<string, GenealogyContributor[]>();

  return {
    register(definition: EntityDefinition) {
      if (definitions.has(definition.type)) throw new Error(`entity type ${definition.type} registered twice`);
      definitions.set(definition.type, definition);
    },
    get(type: string): EntityDefinition | undefined {
      return definitions.get(type);
    },
    types(): string[] {
      return [...definitions.keys()];
    },
    addGenealogy(type: string, contributor: GenealogyContributor) {
      genealogy.set(type, [...(genealogy.get(type) ?? []), contributor]);
    },
    async genealogyOf(db: DbOrTx, type: string, companyId: string, id: string): Promise<GenealogyNode[]> {
      const nodes: GenealogyNode[] = [];
      for (const contributor of genealogy.get(type) ?? []) nodes.push(...(await contributor(db, companyId, id)));
      return nodes;
    },
  };
}

export type EntityRegistry = ReturnType<typeof createEntityRegistry>;
