import { z } from 'zod';
import {
  anagraficaPickerItemSchema,
  ddtDaSpedireSchema,
  ddtDocumentoLinkSchema,
  ddtFilterSchema,
  ddtListItemSchema,
  ddtSchema,
  ddtSummarySchema,
  dittaDestinazioneSchema,
  pageOf,
  type DdtCreateInput,
  type DdtDocumentoLinkQueryInput,
  type DdtListQuery,
} from '@gestcava/contracts';
import { api } from '@/lib/api';
import { defineResource, type ExportFormat, type ListPaging } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

/**
 * /api/ddt (Spedizioni): the DDTs under ['spedizioni']. Emitting or cancelling one moves its items
 * between sold and shipped, so the blocks, the stock and the collaudi showing them refresh.
 */
const ddt = defineResource({
  key: queryRoots.spedizioni,
  base: '/api/ddt',
  schemas: {
    list: pageOf(ddtListItemSchema),
    summary: ddtSummarySchema,
    detail: ddtSchema,
    filters: ddtFilterSchema,
  },
  invalidates: [
    queryRoots.blocchi,
    queryRoots.magazzinoLastre,
    queryRoots.magazzinoPavimenti,
    queryRoots.giacenze,
    queryRoots.collaudi,
  ],
});
export const spedizioniKeys = ddt.keys;

export type DdtFilters = Pick<DdtListQuery, 'q' | 'stato' | 'causale' | 'dal' | 'al'>;

export const useDdtList = (params: DdtFilters & ListPaging) => ddt.useList(params);
export const useDdtSummary = ddt.useSummary;
export const exportDdt = (filters: DdtFilters & { sort: string }, format: ExportFormat) =>
  ddt.exportFile(filters, format);
export const useDdt = ddt.useDetail;
export const useDdtHistory = ddt.useHistory;

/** A draft saved: POST /api/ddt (201) the first time, PUT /api/ddt/:id (the whole draft again) after. */
export const useSaveDdt = () =>
  ddt.useSaving(({ id, body }: { id: string | null; body: DdtCreateInput }) =>
    id
      ? api.put(ddt.path(id), body, { schema: ddtSchema })
      : api.create('/api/ddt', body, { schema: ddtSchema }),
  );
/** POST /:id/emetti: the next number of the year, the items shipped. */
export const useEmettiDdt = () =>
  ddt.useSaving((id: string) => api.post(ddt.path(id, 'emetti'), undefined, { schema: ddtSchema }));
/** POST /:id/annulla { motivo }: the number stays used, the items return to sold. */
export const useAnnullaDdt = (id: string) => ddt.useAction<{ motivo: string }>(id, 'annulla');
/** DELETE /:id: a draft only. */
export const useRemoveDdt = ddt.useRemove;

/** The receiver of a new DDT: a cliente, or a group company (causale trasferimento). */
export type DdtParty = { clienteId: string } | { destinazioneCompanyId: string };

/** GET /api/ddt/da-spedire: what is sold to the party and not shipped yet, with the party's address. */
export const useDaSpedire = ddt.read((party: DdtParty | null) => ({
  key: ['da-spedire', party],
  url: '/api/ddt/da-spedire',
  query: { ...party },
  schema: ddtDaSpedireSchema,
  enabled: party !== null,
  keepPrevious: true,
})).use;

/** GET /api/ddt/clienti-selezionabili?q: the clienti by name, under the spedizioni permission. */
export const clientiDdtQueryOptions = ddt.queries.picker(
  'clienti',
  'clienti-selezionabili',
  z.array(anagraficaPickerItemSchema),
  60_000,
);

/** GET /api/ddt/ditte-selezionabili: the group's other companies. */
export const useDitteDestinazione = ddt.read(() => ({
  key: ['ditte'],
  url: '/api/ddt/ditte-selezionabili',
  schema: z.array(dittaDestinazioneSchema),
  staleTime: 5 * 60_000,
})).use;

/** GET /:id/documento-link: a short-lived signed relative URL of the DDT's PDF or its packing list. */
export function getDocumentoLink(id: string, query: DdtDocumentoLinkQueryInput) {
  return api.get(ddt.path(id, 'documento-link'), {
    schema: ddtDocumentoLinkSchema,
    query: { ...query },
  });
}
