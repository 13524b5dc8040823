import { z } from 'zod';
import {
  bloccoSegabileSchema,
  lastraTagliabileSchema,
  lavorazionePavimentiFilterSchema,
  lavorazionePavimentiListItemSchema,
  lavorazionePavimentiSchema,
  lavorazionePavimentiSummarySchema,
  pageOf,
  type LavorazionePavimentiCompleta,
  type LavorazionePavimentiCreate,
  type lavorazionePavimentiStatoBodySchema,
} from '@gestcava/contracts';
import { defineResource, type ExportFormat, type ListPaging } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

/**
 * /api/lavorazioni-pavimenti, the tile cuts (LP-YYYY-NNNN). After a write: its caches, the block or
 * slabs it takes (blocchi, magazzino lastre) and, once completed, the lots.
 */
const lavorazioni = defineResource({
  key: queryRoots.lavorazioniPavimenti,
  base: '/api/lavorazioni-pavimenti',
  schemas: {
    list: pageOf(lavorazionePavimentiListItemSchema),
    summary: lavorazionePavimentiSummarySchema,
    detail: lavorazionePavimentiSchema,
    filters: lavorazionePavimentiFilterSchema,
  },
  invalidates: [queryRoots.blocchi, queryRoots.magazzinoLastre, queryRoots.magazzinoPavimenti],
});

export type LavorazionePavimentiFilters = z.input<typeof lavorazionePavimentiFilterSchema>;
export type LavorazionePavimentiListParams = LavorazionePavimentiFilters & ListPaging;
export type LavorazionePavimentiStatoBody = z.input<typeof lavorazionePavimentiStatoBodySchema>;

export const useLavorazioniPavimenti = lavorazioni.useList;
export const useLavorazioniPavimentiSummary = lavorazioni.useSummary;
/** GET /export: the filtered list as a CSV or Excel file. */
export const exportLavorazioniPavimenti = (
  filters: LavorazionePavimentiFilters,
  format: ExportFormat,
) => lavorazioni.exportFile(filters, format, 30_000);
/** The cut with its block or slabs and the lot it produced. */
export const useLavorazionePavimenti = lavorazioni.useDetail;
export const useLavorazionePavimentiHistory = lavorazioni.useHistory;
/** Plans a cut from a disponibile block or from disponibile slabs. */
export const useCreateLavorazionePavimenti = () =>
  lavorazioni.useCreate<LavorazionePavimentiCreate>();
/** POST /:id/stato: start (the block or the slabs are taken) or cancel (they are given back). */
export const useChangeLavorazionePavimentiStato = (id: string) =>
  lavorazioni.useAction<LavorazionePavimentiStatoBody>(id, 'stato');
/** POST /:id/completa: pieces and boxes → completata and a lot in magazzino pavimenti, in one transaction. */
export const useCompletaLavorazionePavimenti = (id: string) =>
  lavorazioni.useAction<LavorazionePavimentiCompleta>(id, 'completa');

/** The plan form's choices under this module's permission: disponibile blocks by code… */
export const blocchiTagliabiliQueryOptions = lavorazioni.queries.picker(
  'blocchi',
  'blocchi-tagliabili',
  z.array(bloccoSegabileSchema),
  30_000,
);

/** …and disponibile slabs, by their code or their bundle's. */
export const useLastreTagliabili = lavorazioni.read((q: string) => ({
  key: ['picker', 'lastre', q.trim()],
  url: '/api/lavorazioni-pavimenti/lastre-tagliabili',
  query: { q: q.trim() || undefined },
  schema: z.array(lastraTagliabileSchema),
  staleTime: 30_000,
  keepPrevious: true,
})).use;
