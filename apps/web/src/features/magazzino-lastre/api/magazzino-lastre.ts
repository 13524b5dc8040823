import type { z } from 'zod';
import {
  lastraSchema,
  movimentoSchema,
  paccoDetailSchema,
  paccoOperazioneSchema,
  paccoSchema,
  pageOf,
  stockSummarySchema,
  type LastraUpdateInput,
  type StockItemUpdateInput,
  type lastraListQuerySchema,
  type paccoListQuerySchema,
} from '@gestcava/contracts';
import { api } from '@/lib/api';
import { useSposta } from '@/components/stock/use-sposta';
import { defineResource, type ExportFormat, type ListPaging } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

const ROOT = queryRoots.magazzinoLastre;
/**
 * After any write — or a 409, when someone else moved the slab first — every slab and bundle
 * figure may have changed: lists, totals, details, ledger, the stock on hand and a transfer's history.
 */
const STOCK_ROOTS = [ROOT, queryRoots.trasferimenti, queryRoots.giacenze];

/** Bundles and slabs in stock, cached under queryRoots.magazzinoLastre (a sawing's completion refreshes it). */
const stock = {
  pacchi: defineResource({
    key: [...ROOT, 'pacchi'],
    base: '/api/magazzino/pacchi',
    schemas: { list: pageOf(paccoSchema), summary: stockSummarySchema, detail: paccoDetailSchema },
    invalidates: STOCK_ROOTS,
    offline: 'pacco',
  }),
  lastre: defineResource({
    key: [...ROOT, 'lastre'],
    base: '/api/magazzino/lastre',
    schemas: { list: pageOf(lastraSchema), summary: stockSummarySchema, detail: lastraSchema },
    invalidates: STOCK_ROOTS,
    offline: 'lastra',
  }),
  /** the stock ledger, read per item */
  movimenti: defineResource({ key: [...ROOT, 'movimenti'], base: '/api/magazzino/movimenti' }),
};
type Plural = 'pacchi' | 'lastre';

type Paging = 'page' | 'limit' | 'sort';
/** What the lists and their totals share (the URL's text for numbers and flags). */
export type PaccoFilters = Omit<
  z.input<typeof paccoListQuerySchema>,
  Paging | 'spessoreMm' | 'esauriti'
> & { spessoreMm?: string; esauriti?: string };
export type LastraFilters = Omit<
  z.input<typeof lastraListQuerySchema>,
  Paging | 'spessoreMm' | 'esauriti'
> & { spessoreMm?: string; esauriti?: string };

export const usePacchi = (params: PaccoFilters & ListPaging) => stock.pacchi.useList(params);
export const usePacchiSummary = (filters: PaccoFilters) => stock.pacchi.useSummary(filters);
/** The bundle, its provenance and its slabs in sawing order. */
export const usePacco = stock.pacchi.useDetail;
export const useLastre = (params: LastraFilters & ListPaging) => stock.lastre.useList(params);
export const useLastreSummary = (filters: LastraFilters) => stock.lastre.useSummary(filters);
/** The slab, its bundle and its provenance up to the quarry. */
export const useLastra = stock.lastre.useDetail;
export const useStockHistory = (plural: Plural, id: string) => stock[plural].useHistory(id);
export const exportStock = (
  plural: Plural,
  filters: (PaccoFilters | LastraFilters) & { sort: string },
  format: ExportFormat,
) => stock[plural].exportFile(filters, format);

/** GET /api/magazzino/movimenti?paccoId|lastraId: the ledger rows of one bundle or slab, newest first. */
export const useMovimenti = stock.movimenti.read(
  (params: { paccoId?: string; lastraId?: string }) => ({
    key: [params],
    url: '/api/magazzino/movimenti',
    query: { ...params, limit: 100 },
    schema: pageOf(movimentoSchema),
  }),
).use;

export type LastraOp = 'riserva' | 'rilascia' | 'vendi' | 'rotta' | 'sposta';
export type PaccoOp = 'riserva' | 'rilascia' | 'vendi' | 'sposta';

/** POST /api/magazzino/lastre/:id/<op>: the slab after it. */
export const useLastraOperation = (id: string) =>
  stock.lastre.useSaving(
    ({ op, body }: { op: LastraOp; body: object }) =>
      api.post(stock.lastre.path(id, op), body, { schema: lastraSchema }),
    { onConflict: true },
  );

/** The yard's quick move of a slab: sent at once, or kept on the device while offline. */
export const useSpostaLastra = (l: { _id: string; codice: string; updatedAt: string }) =>
  useSposta({
    kind: 'sposta-lastra',
    what: 'Lastra',
    item: l,
    url: stock.lastre.path(l._id, 'sposta'),
    schema: lastraSchema,
    invalidates: STOCK_ROOTS,
  });

/** The yard's quick move of a bundle (with its slabs in stock), queued offline like a slab's. */
export const useSpostaPacco = (p: { _id: string; codice: string; updatedAt: string }) =>
  useSposta({
    kind: 'sposta-pacco',
    what: 'Pacco',
    item: p,
    url: stock.pacchi.path(p._id, 'sposta'),
    schema: paccoOperazioneSchema,
    invalidates: STOCK_ROOTS,
  });

/** POST /api/magazzino/pacchi/:id/<op>: the bundle after it and how many of its slabs it moved. */
export const usePaccoOperation = (id: string) =>
  stock.pacchi.useWrite(
    ({ op, body }: { op: PaccoOp; body: object }) =>
      api.post(stock.pacchi.path(id, op), body, { schema: paccoOperazioneSchema }),
    { onConflict: true },
  );

/** PUT /api/magazzino/pacchi/:id: list price, scelta (its slabs in stock follow), note. */
export const useUpdatePacco = (id: string) => stock.pacchi.useUpdate<StockItemUpdateInput>(id);

/** PUT /api/magazzino/lastre/:id: re-grading one slab. */
export const useUpdateLastra = (id: string) => stock.lastre.useUpdate<LastraUpdateInput>(id);

/**
 * The same operation on some slabs, one request each in turn (each slab is its own guarded update on
 * the server): which went and, for the others, the server's reason.
 */
export const useLastreSelectionOperation = () =>
  stock.lastre.useWrite(
    async ({
      op,
      body,
      lastre,
    }: {
      op: LastraOp;
      body: object;
      lastre: Array<{ _id: string; codice: string }>;
    }) => {
      const done: string[] = [];
      const failed: Array<{ codice: string; message: string }> = [];
      for (const l of lastre) {
        try {
          await api.post(stock.lastre.path(l._id, op), body, { schema: lastraSchema });
          done.push(l.codice);
        } catch (error) {
          failed.push({
            codice: l.codice,
            message: error instanceof Error ? error.message : 'non riuscita',
          });
        }
      }
      return { done, failed };
    },
    { onSettled: true },
  );
