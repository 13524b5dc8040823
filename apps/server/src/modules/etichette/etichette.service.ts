import { can, type IndirizzoEtichette, type PermissionSubject } from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { findCompanyRow } from '../../lib/companies.js';
import type { EntityDefinition, EntityRegistry, EntitySummary } from '../../lib/entities.js';
import type { RenderPool } from '../../lib/render-pool.js';
import type { Storage } from '../../lib/storage.js';
import type { EtichetteInput, FormatoEtichette } from './etichette.pdf.js';

/** Drawn in the document pool: QR codes and pdfkit are CPU work, seconds for a sheet of 200. */
const RENDERER = new URL('./etichette.pdf.ts', import.meta.url);

export type EtichetteService = ReturnType<typeof createEtichetteService>;

/** An address only the server's own machine can open: `localhost` (and its subdomains), 127.0.0.0/8, ::1, 0.0.0.0. */
export function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]' ||
    host === '0.0.0.0'
  );
}

/**
 * The sheet's items, described in one query (150 lookups queued ahead of every other request on the
 * embedded database). One missing or unreadable item: the whole sheet is refused, as a list's detail
 * would be.
 */
async function describeReadable(
  db: Db,
  definition: EntityDefinition,
  companyId: string,
  user: PermissionSubject,
  ids: string[],
): Promise<Map<string, EntitySummary>> {
  const summaries = await definition.describe(db, companyId, ids);
  const readable = (id: string) => {
    const summary = summaries.get(id);
    return (
      summary !== undefined &&
      can(user, definition.permission({ id, codice: summary.codice, kind: summary.kind }), 'read')
    );
  };
  if (!ids.every(readable))
    throw notFound(definition.notFound ?? `${definition.label} non trovato`);
  return summaries;
}

/** One label per item: its kind, its code, the QR code's address and the facts printed under it. */
function labelItems(
  definition: EntityDefinition,
  summaries: Map<string, EntitySummary>,
  ids: string[],
  publicUrl: string,
) {
  return ids.map((id) => {
    const summary = summaries.get(id)!;
    const codice = summary.codice ?? '';
    return {
      tipo: definition.label,
      codice,
      url: `${publicUrl}/c/${encodeURIComponent(codice)}`,
      facts:
        summary.facts ?? [summary.materiale, summary.cava].filter((f): f is string => Boolean(f)),
    };
  });
}

/**
 * Printable labels for any kind in the entity registry: each kind registered later gets
 * labels for free. The QR code points at the configured public address, never at a request's Host.
 */
export function createEtichetteService(deps: {
  db: Db;
  entities: EntityRegistry;
  storage: Storage;
  renderPool: RenderPool;
  publicUrl: string;
}) {
  const { db, entities, storage, renderPool, publicUrl } = deps;

  return {
    /** What the QR codes will carry, for the print button's warning and the admin settings. */
    address(): IndirizzoEtichette {
      return { publicUrl, loopback: isLoopback(publicUrl) };
    },

    async pdf(
      companyId: string,
      user: PermissionSubject,
      query: { entityType: string; ids: string[]; formato: FormatoEtichette },
    ): Promise<{ pdf: Buffer; filename: string }> {
      const definition = entities.get(query.entityType);
      if (!definition)
        throw badRequest('Tipo di elemento non valido', [
          { path: 'entityType', message: `Uno tra: ${entities.types().join(', ')}` },
        ]);
      const summaries = await describeReadable(db, definition, companyId, user, query.ids);
      const company = await findCompanyRow(db, companyId);
      const logo = company?.logoKey ? await storage.read(company.logoKey).catch(() => null) : null;
      const items = labelItems(definition, summaries, query.ids, publicUrl);
      const pdf = await renderPool.render<EtichetteInput>(RENDERER, {
        items,
        ditta: { name: company?.name ?? '', logo },
        formato: query.formato,
      });
      const filename =
        items.length === 1
          ? `etichetta-${items[0]!.codice}.pdf`
          : `etichette-${query.entityType}.pdf`;
      return { pdf, filename };
    },
  };
}
