import { z } from 'zod';
import {
  bancataFilterSchema,
  bancataSchema,
  bancataSummarySchema,
  bloccoSchema,
  pageOf,
  type BancataCreate,
  type BancataUpdate,
  type bancataStatoBodySchema,
} from '@gestcava/contracts';
import { defineResource, type ExportFormat, type ListPaging } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

/** /api/bancate: codice BA-YYYY-NNNN by the server; the detail carries its blocchi totals and resa. */
export const bancate = defineResource({
  key: queryRoots.bancate,
  base: '/api/bancate',
  schemas: {
    list: pageOf(bancataSchema),
    summary: bancataSummarySchema,
    detail: bancataSchema,
    filters: bancataFilterSchema,
  },
});

/** The filters the list and its summary share, as the server reads them from the URL. */
export type BancataFilters = z.input<typeof bancataFilterSchema>;
export type BancataListParams = BancataFilters & ListPaging;
export type BancataStatoBody = z.input<typeof bancataStatoBodySchema>;

export const useBancate = bancate.useList;
export const useBancateSummary = bancate.useSummary;
export const useBancata = bancate.useDetail;
export const useBancataHistory = bancate.useHistory;
export const useCreateBancata = () => bancate.useCreate<BancataCreate>();
export const useUpdateBancata = (id: string) => bancate.useUpdate<Partial<BancataUpdate>>(id);
/** DELETE: 204 while pianificata, else 409 (annul it instead). */
export const useDeleteBancata = bancate.useRemove;
/** POST /:id/stato: a move of BANCATA_TRANSITIONS; any other answers 409 with the reason. */
export const useChangeBancataStato = (id: string) =>
  bancate.useAction<BancataStatoBody>(id, 'stato');
export const exportBancate = (filters: BancataFilters & { sort: string }, format: ExportFormat) =>
  bancate.exportFile(filters, format);

/** GET /api/bancate/:id/blocchi: the blocchi squared from it (read under the bancate permission). */
const blocchi = bancate.sub('blocchi', { list: z.array(bloccoSchema) });
export const useBancataBlocchi = (id: string) => blocchi.useList(id);
