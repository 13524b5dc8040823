import { z } from 'zod';
import {
  anagraficaPickerItemSchema,
  bloccoSegabileSchema,
  lavorazioneLastreFilterSchema,
  lavorazioneLastreListItemSchema,
  lavorazioneLastreSchema,
  lavorazioneLastreSummarySchema,
  macchinaPickerSchema,
  pageOf,
  type LavorazioneLastreCompleta,
  type LavorazioneLastreCreate,
  type LavorazioneLastreUpdate,
  type lavorazioneLastreStatoBodySchema,
} from '@gestcava/contracts';
import { defineResource, type ListPaging } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

/**
 * /api/lavorazioni-lastre, the sawings (codice SG-YYYY-NNNN): a write also refreshes the block it
 * saws (its state and genealogy, under queryRoots.blocchi); a completion loads the magazzino too.
 */
const lavorazioni = defineResource({
  key: queryRoots.lavorazioniLastre,
  base: '/api/lavorazioni-lastre',
  schemas: {
    list: pageOf(lavorazioneLastreListItemSchema),
    summary: lavorazioneLastreSummarySchema,
    detail: lavorazioneLastreSchema,
    filters: lavorazioneLastreFilterSchema,
  },
  invalidates: [queryRoots.blocchi],
});

/** The filters the list and its summary share, as the server reads them from the URL. */
export type LavorazioneLastreFilters = z.input<typeof lavorazioneLastreFilterSchema>;
export type LavorazioneLastreListParams = LavorazioneLastreFilters & ListPaging;
export type LavorazioneLastreStatoBody = z.input<typeof lavorazioneLastreStatoBodySchema>;

export const useLavorazioniLastre = lavorazioni.useList;
export const useLavorazioniLastreSummary = lavorazioni.useSummary;
/** The sawing with its block, machine and the pacchi it produced. */
export const useLavorazioneLastre = lavorazioni.useDetail;
export const useLavorazioneLastreHistory = lavorazioni.useHistory;
/** Plans the sawing of a disponibile block. */
export const useCreateLavorazioneLastre = () => lavorazioni.useCreate<LavorazioneLastreCreate>();
/** The plan while pianificata, the note at any time. */
export const useUpdateLavorazioneLastre = (id: string) =>
  lavorazioni.useUpdate<Partial<LavorazioneLastreUpdate>>(id);
/** POST /:id/stato: start the sawing (the block goes in_segagione) or cancel it (the block is given back). */
export const useChangeLavorazioneLastreStato = (id: string) =>
  lavorazioni.useAction<LavorazioneLastreStatoBody>(id, 'stato');
/**
 * POST /:id/completa: the slabs (one by one, or count and average size) → completata, the block
 * segato, pacchi and lastre loaded in one transaction; 409 if not in_segagione.
 */
export const useCompletaLavorazioneLastre = (id: string) =>
  lavorazioni.useAction<LavorazioneLastreCompleta>(id, 'completa', {
    invalidates: [queryRoots.magazzinoLastre],
  });

/*
 * The plan form's choices, read under this module's own permission (no blocchi, macchine or
 * fornitori page needed): disponibile blocks (own and bought-in) by code, the machines, the terzisti.
 */
export const blocchiSegabiliQueryOptions = lavorazioni.queries.picker(
  'blocchi',
  'blocchi-segabili',
  z.array(bloccoSegabileSchema),
  30_000,
);
export const terzistiQueryOptions = lavorazioni.queries.picker(
  'terzisti',
  'terzisti',
  z.array(anagraficaPickerItemSchema),
  60_000,
);

export const useMacchinePicker = lavorazioni.read(() => ({
  key: ['picker', 'macchine'],
  url: '/api/lavorazioni-lastre/macchine',
  schema: z.array(macchinaPickerSchema),
  staleTime: 5 * 60_000,
})).use;
