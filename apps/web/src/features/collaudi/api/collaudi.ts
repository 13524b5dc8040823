import { z } from 'zod';
import {
  anagraficaPickerItemSchema,
  bloccoCollaudabileSchema,
  collaudiOfClienteSchema,
  collaudoListItemSchema,
  collaudoSchema,
  collaudoSummarySchema,
  pageOf,
  type VerbaleLingua,
  verbaleLinkSchema,
  type CollaudoCreate,
  type CollaudoFilterInput,
  type CollaudoRiga,
  type CollaudoRigaUpdate,
  type CollaudoStatoBody,
  type CollaudoUpdate,
} from '@gestcava/contracts';
import { api } from '@/lib/api';
import { defineResource, type ExportFormat, type ListPaging } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

/**
 * /api/collaudi (CO-YYYY-NNNN): everything is cached under ['collaudi'] (the cliente's section
 * too). Every write answers the whole collaudo; the blocks it holds, sells or gives back refresh.
 */
const collaudi = defineResource({
  key: queryRoots.collaudi,
  base: '/api/collaudi',
  schemas: {
    list: pageOf(collaudoListItemSchema),
    summary: collaudoSummarySchema,
    detail: collaudoSchema,
  },
  invalidates: [queryRoots.blocchi],
  offline: 'collaudo',
});
export const collaudiKeys = collaudi.keys;

export type CollaudoFilters = Omit<CollaudoFilterInput, 'bloccoId'>;
export type CollaudoListParams = CollaudoFilters & ListPaging;

export const useCollaudi = (params: CollaudoListParams) => collaudi.useList(params);
/** → { count, perStato, blocchiVenduti, volumeVenduto, importoVenduto } */
export const useCollaudiSummary = (filters: CollaudoFilters) => collaudi.useSummary(filters);
export const exportCollaudi = (filters: CollaudoFilters & { sort: string }, format: ExportFormat) =>
  collaudi.exportFile(filters, format);
/** Header, rows with their blocks, totals of the accepted rows. */
export const useCollaudo = collaudi.useDetail;
export const useCollaudoHistory = collaudi.useHistory;

/** A programmato collaudo for a cliente. */
export const useCreateCollaudo = () => collaudi.useCreate<CollaudoCreate>();
/** The header (the cliente only while it has no rows). */
export const useUpdateCollaudo = (id: string) => collaudi.useUpdate<CollaudoUpdate>(id);
/** POST /:id/stato: the moves of COLLAUDO_TRANSITIONS; confirming sells the accepted blocks. */
export const useChangeCollaudoStato = (id: string) =>
  collaudi.useAction<CollaudoStatoBody>(id, 'stato');
/**
 * The collaudo's rows, a child of it: every write answers the whole collaudo, which replaces the
 * cached one (their list is the detail's, so the sub-resource has no list of its own).
 */
const righe = collaudi.sub('righe', {});
/** POST /:id/righe { bloccoId }: a block joins (it goes in_collaudo). */
export const useAddRiga = (id: string) => righe.useCreate(id, (bloccoId: string) => ({ bloccoId }));
/** The words of a row's edit in the offline queue's label, in the card's order. */
const RIGA_CHANGE_WORDS: Record<keyof CollaudoRigaUpdate, string> = {
  lunghezzaRilevata: 'misure',
  altezzaRilevata: 'misure',
  profonditaRilevata: 'misure',
  abbuonoTipo: 'abbuono',
  abbuonoValore: 'abbuono',
  sceltaAssegnata: 'scelta',
  difettiRiscontrati: 'difetti',
  esito: 'esito',
  prezzo: 'prezzo',
  unitaPrezzo: 'prezzo',
  pesoRilevato: 'peso',
  note: 'note',
};
const rigaChangeWords = (body: CollaudoRigaUpdate) =>
  [...new Set(Object.keys(body).map((k) => RIGA_CHANGE_WORDS[k as keyof CollaudoRigaUpdate]))].join(
    ', ',
  );

/**
 * PUT /:id/righe/:rigaId: only the fields that changed; null clears one. A yard action:
 * offline it is kept on the device and replayed once, If-Match the row's updatedAt as shown.
 */
export const useUpdateRiga = (c: { _id: string; codice: string }) =>
  collaudi.useQueueable(({ riga, body }: { riga: CollaudoRiga; body: CollaudoRigaUpdate }) => ({
    kind: 'riga-collaudo',
    label: `Collaudo ${c.codice}, blocco ${riga.blocco.codice}: ${rigaChangeWords(body)}`,
    method: 'PUT',
    url: righe.path(c._id, riga._id),
    json: body,
    ifMatch: riga.updatedAt,
    itemKey: `riga:${riga._id}`,
  }));
/** DELETE /:id/righe/:rigaId: the block goes back to its previous state. */
export const useRemoveRiga = righe.useRemove;

/** GET /api/collaudi/clienti-selezionabili?q=: the clienti by name, under the collaudi permission. */
export const clientiSelezionabiliQueryOptions = collaudi.queries.picker(
  'clienti',
  'clienti-selezionabili',
  z.array(anagraficaPickerItemSchema),
  60_000,
);

/** GET /api/collaudi/blocchi-collaudabili?collaudoId&q: disponibile blocks, or optioned for this collaudo's cliente. */
const blocchiCollaudabili = collaudi.read((collaudoId: string, q: string, enabled?: boolean) => ({
  key: ['picker', 'blocchi', collaudoId, q.trim()],
  url: '/api/collaudi/blocchi-collaudabili',
  query: { collaudoId, q: q.trim() || undefined },
  schema: z.array(bloccoCollaudabileSchema),
  staleTime: 15_000,
  keepPrevious: true,
  enabled,
}));
export const blocchiCollaudabiliQueryOptions = (collaudoId: string, q: string) =>
  blocchiCollaudabili.options(collaudoId, q);
export const useBlocchiCollaudabili = blocchiCollaudabili.use;

/** GET /api/collaudi/:id/verbale-link?lingua → a short-lived signed relative URL of the verbale PDF, in Italian or English. */
export function getVerbaleLink(id: string, lingua: VerbaleLingua = 'it') {
  return api.get(collaudi.path(id, 'verbale-link'), {
    schema: verbaleLinkSchema,
    query: { lingua },
  });
}

/** GET /api/collaudi/di-cliente/:clienteId: a cliente's collaudi and the blocks it bought. */
export const useCollaudiOfCliente = collaudi.read((clienteId: string) => ({
  key: ['di-cliente', clienteId],
  url: `/api/collaudi/di-cliente/${encodeURIComponent(clienteId)}`,
  schema: collaudiOfClienteSchema,
})).use;
