import {
  can,
  normalizeCodice,
  type CodiceRisolto,
  type PermissionSubject,
} from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import type {
  EntityDefinition,
  EntityRef,
  EntityRegistry,
  EntitySummary,
} from '../../lib/entities.js';

export type CodiciService = ReturnType<typeof createCodiciService>;

interface CodiciDeps {
  db: Db;
  entities: EntityRegistry;
}

/** One found item as the code box shows it: its kind and code, then its material and state. */
function toRisolto(
  definition: EntityDefinition,
  ref: EntityRef,
  summary: EntitySummary | undefined,
  codice: string,
): CodiceRisolto {
  const descrizione = [`${definition.label} ${codice}`.trim(), summary?.materiale, summary?.stato]
    .filter(Boolean)
    .join(' · ');
  return {
    entityType: definition.type,
    _id: ref.id,
    codice,
    detailPath: definition.detailPath(ref),
    descrizione,
  };
}

/** The one item the code names, among the kinds whose page the user reads. */
async function resolve(
  { db, entities }: CodiciDeps,
  companyId: string,
  user: PermissionSubject,
  typed: string,
): Promise<CodiceRisolto> {
  const codice = normalizeCodice(typed);
  let hidden = false;
  for (const definition of entities.all()) {
    const ref = await definition.findByCodice(db, companyId, codice, typed.trim());
    if (!ref) continue;
    // An item whose page the user may not read: said so (the code exists in the user's own company),
    // unless another kind's item of the same code is readable.
    if (!can(user, definition.permission(ref), 'read')) {
      hidden = true;
      continue;
    }
    const summary = (await definition.describe(db, companyId, [ref.id])).get(ref.id);
    return toRisolto(definition, ref, summary, ref.codice ?? codice);
  }
  if (hidden) throw forbidden(`Il codice ${codice} esiste, ma non hai accesso a questa pagina`);
  throw notFound(`Il codice ${codice} non corrisponde a nulla di questa ditta`);
}

/** The items whose code contains what was typed, of the kinds the user reads: at most `limit`. */
async function candidates(
  { db, entities }: CodiciDeps,
  companyId: string,
  user: PermissionSubject,
  typed: string,
  limit: number,
): Promise<CodiceRisolto[]> {
  const text = normalizeCodice(typed);
  const found: CodiceRisolto[] = [];
  for (const definition of entities.all()) {
    if (found.length >= limit) break;
    const refs = (await definition.searchCodice(db, companyId, text, limit)).filter((ref) =>
      can(user, definition.permission(ref), 'read'),
    );
    if (!refs.length) continue;
    const summaries = await definition.describe(
      db,
      companyId,
      refs.map((r) => r.id),
    );
    for (const ref of refs.slice(0, limit - found.length))
      found.push(toRisolto(definition, ref, summaries.get(ref.id), ref.codice ?? ''));
  }
  return found;
}

/**
 * "Find or scan a code": a code, however typed, names at most one item of the caller's
 * company among the kinds in the entity registry — each kind registered later is found for free.
 */
export function createCodiciService(deps: CodiciDeps) {
  return {
    resolve: (companyId: string, user: PermissionSubject, typed: string) =>
      resolve(deps, companyId, user, typed),

    /** The items whose code contains what was typed (when it names none exactly), of the kinds the user reads: at most `limit`. */
    candidates: (companyId: string, user: PermissionSubject, typed: string, limit = 10) =>
      candidates(deps, companyId, user, typed, limit),
  };
}
