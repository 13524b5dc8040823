import { z } from 'zod';
import {
  lottoOperazioneSchema,
  lottoSchema,
  movimentoSchema,
  pageOf,
  riservaSchema,
  stockSummarySchema,
  type LottoUpdateInput,
  type lottoListQuerySchema,
} from '@gestcava/contracts';
import { api } from '@/lib/api';
import { useSposta } from '@/components/stock/use-sposta';
import { defineResource, type ExportFormat, type ListPaging } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

const ROOT = queryRoots.magazzinoPavimenti;
/** After any write, or a 409 (someone took the pieces first): every tile figure is refetched. */
const LOTTO_ROOTS = [ROOT, queryRoots.trasferimenti, queryRoots.giacenze];

/** /api/magazzino/lotti: tile lots, cached under queryRoots.magazzinoPavimenti (a tile cut's completion refreshes it). */
const lotti = defineResource({
  key: [...ROOT, 'lotti'],
  base: '/api/magazzino/lotti',
  schemas: { list: pageOf(lottoSchema), summary: stockSummarySchema, detail: lottoSchema },
  invalidates: LOTTO_ROOTS,
  offline: 'lotto',
});
/** the stock ledger, read per lot */
const movimenti = defineResource({ key: [...ROOT, 'movimenti'], base: '/api/magazzino/movimenti' });

type Paging = 'page' | 'limit' | 'sort';
/** What the list and its totals share (the URL's text for numbers and flags). */
export type LottoFilters = Omit<
  z.input<typeof lottoListQuerySchema>,
  Paging | 'spessoreMm' | 'esauriti'
> & { spessoreMm?: string; esauriti?: string };

/** Lots with stock on hand (all with esauriti=true), filtered and paged. */
export const useLotti = (params: LottoFilters & ListPaging) => lotti.useList(params);
/** → { count, pezzi, mq, pesoT } */
export const useLottiSummary = (filters: LottoFilters) => lotti.useSummary(filters);
export const useLotto = lotti.useDetail;
export const useLottoHistory = lotti.useHistory;
export const exportLotti = (filters: LottoFilters & { sort: string }, format: ExportFormat) =>
  lotti.exportFile(filters, format);

/** GET /api/magazzino/movimenti?lottoId: the lot's rows of the stock ledger, newest first. */
export const useLottoMovimenti = movimenti.read((lottoId: string) => ({
  key: [lottoId],
  url: '/api/magazzino/movimenti',
  query: { lottoId, limit: 100 },
  schema: pageOf(movimentoSchema),
})).use;

/** GET /api/magazzino/lotti/:id/riserve: the reservations running, soonest expiry first. */
const riserve = lotti.sub('riserve', { list: z.array(riservaSchema) });
export const useLottoRiserve = (id: string) => riserve.useList(id);

export type LottoOp = 'riserva' | 'rilascia' | 'vendi' | 'rettifica' | 'sposta';

/** The yard's quick move of a whole lot: sent at once, or kept on the device while offline. */
export const useSpostaLotto = (l: { _id: string; codice: string; updatedAt: string }) =>
  useSposta({
    kind: 'sposta-lotto',
    what: 'Lotto',
    item: l,
    url: lotti.path(l._id, 'sposta'),
    schema: lottoOperazioneSchema,
    invalidates: LOTTO_ROOTS,
  });

/** POST /api/magazzino/lotti/:id/<op>: the lot after it, the pieces and m² it took, a split's new lot. */
export const useLottoOperation = (id: string) =>
  lotti.useWrite(
    ({ op, body }: { op: LottoOp; body: object }) =>
      api.post(lotti.path(id, op), body, { schema: lottoOperazioneSchema }),
    { onConflict: true },
  );

/** PUT /api/magazzino/lotti/:id: list price, scelta, note. */
export const useUpdateLotto = (id: string) => lotti.useUpdate<LottoUpdateInput>(id);
