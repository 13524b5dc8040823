import type { z } from 'zod';
import {
  anagraficaSchema,
  anagraficaSummarySchema,
  pageOf,
  type AnagraficaCreate,
  type AnagraficaKind,
  type AnagraficaUpdateInput,
  type anagraficaFilterSchema,
} from '@gestcava/contracts';
import { defineResource, type ExportFormat, type ListPaging } from '@/lib/define-resource';

/** /api/clienti and /api/fornitori: everything of a kind is cached under ['anagrafica', kind]. */
const resourceOf = (kind: AnagraficaKind) =>
  defineResource({
    key: ['anagrafica', kind],
    base: `/api/${kind}`,
    schemas: {
      list: pageOf(anagraficaSchema),
      summary: anagraficaSummarySchema,
      detail: anagraficaSchema,
    },
  });
const anagrafiche: Record<AnagraficaKind, ReturnType<typeof resourceOf>> = {
  clienti: resourceOf('clienti'),
  fornitori: resourceOf('fornitori'),
};

/** The filters the list, its summary and its export share, as the server reads them from the URL. */
export type AnagraficaFilters = z.input<typeof anagraficaFilterSchema>;
export type AnagraficaListParams = AnagraficaFilters & ListPaging;

export const useAnagrafiche = (kind: AnagraficaKind, params: AnagraficaListParams) =>
  anagrafiche[kind].useList(params);
export const useAnagraficaSummary = (kind: AnagraficaKind, filters: AnagraficaFilters) =>
  anagrafiche[kind].useSummary(filters);
/** 404 for a record of another company or one that does not exist. */
export const useAnagrafica = (kind: AnagraficaKind, id: string) => anagrafiche[kind].useDetail(id);
export const useAnagraficaHistory = (kind: AnagraficaKind, id: string) =>
  anagrafiche[kind].useHistory(id);
export const useCreateAnagrafica = (kind: AnagraficaKind) =>
  anagrafiche[kind].useCreate<AnagraficaCreate>();
/**
 * The fields whose rule depends on `nazione` must travel with it (and codiceSdi with
 * pubblicaAmministrazione): the form sends the whole record; deactivation sends only `{ attivo }`.
 */
export const useUpdateAnagrafica = (kind: AnagraficaKind, id: string) =>
  anagrafiche[kind].useUpdate<AnagraficaUpdateInput>(id);
/** 204, or 409 when other data refer to it (deactivate it instead). */
export const useDeleteAnagrafica = (kind: AnagraficaKind, id: string) =>
  anagrafiche[kind].useRemove(id);
export const exportAnagrafiche = (
  kind: AnagraficaKind,
  filters: AnagraficaFilters,
  format: ExportFormat,
) => anagrafiche[kind].exportFile(filters, format, 30_000);
