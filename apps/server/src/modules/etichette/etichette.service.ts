import { can, type PermissionSubject } from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { findCompanyRow } from '../../lib/companies.js';
import type { EntityRegistry } from '../../lib/entities.js';
import type { Storage } from '../../lib/storage.js';
import { renderEtichette, type FormatoEtichette } from './etichette.pdf.js';

export type EtichetteService = ReturnType<typeof createEtichetteService>;

/**
 * Printable labels for any kind in the entity registry (issue 18): each kind registered later gets
 * labels for free. The QR code points at the configured public address, never at a request's Host.
 */
export function createEtichetteService(deps: { db: Db; entities: EntityRegistry; storage: Storage; publicUrl: string }) {
  const { db, entities, storage, publicUrl } = deps;

  return {
    async pdf(companyId: string, user: PermissionSubject, query: { entityType: string; ids: string[]; formato: FormatoEtichette }): Promise<{ pdf: Buffer; filename: string }> {
      const definition = entities.get(query.entityType);
      if (!definition) throw badRequest('Tipo di elemento non valido', [{ path: 'entityType', message: `Uno tra: ${entities.types().join(', ')}` }]);
      const refs = await Promise.all(query.ids.map((id) => definition.findInCompany(db, companyId, id)));
      // one missing or unreadable item: the whole sheet is refused, as a list's detail would be
      if (refs.some((ref) => !ref || !can(user, definition.permission(ref), 'read'))) throw notFound(definition.notFound ?? `${definition.label} non trovato`);
      const summaries = await definition.describe(db, companyId, query.ids);
      const company = await findCompanyRow(db, companyId);
      const logo = company?.logoKey ? await storage.read(company.logoKey).catch(() => null) : null;
      const items = refs.map((ref) => {
        const summary = summaries.get(ref!.id);
        const codice = ref!.codice ?? summary?.codice ?? '';
        return { tipo: definition.label, codice, url: `${publicUrl}/c/${encodeURIComponent(codice)}`, facts: summary?.facts ?? [summary?.materiale, summary?.cava].filter((f): f is string => Boolean(f)) };
      });
      const pdf = await renderEtichette(items, { name: company?.name ?? '', logo }, query.formato);
      const filename = items.length === 1 ? `etichetta-${items[0]!.codice}.pdf` : `etichette-${query.entityType}.pdf`;
      return { pdf, filename };
    },
  };
}
