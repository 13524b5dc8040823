import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { api, isApiError } from '@/lib/api';
import { useSposta } from '@/components/stock/use-sposta';
import { defineResource, type ExportFormat, type ListPaging } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

const ROOT = queryRoots.magazzinoPavimenti;

/** /api/magazzino/lotti: tile lots, cached under queryRoots.magazzinoPavimenti (a tile cut's completion refreshes it). */
const lotti = defineResource({
  key: [...ROOT, 'lotti'],
  base: '/api/magazzino/lotti',
  schemas: { list: pageOf(lottoSchema), summary: stockSummarySchema, detail: lottoSchema },
  offline: 'lotto',
});

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
export function useLottoMovimenti(lottoId: string) {
  return useQuery({
    queryKey: [...ROOT, 'movimenti', lottoId],
    queryFn: ({ signal }) =>
      api.get('/api/magazzino/movimenti', {
        query: { lottoId, limit: 100 },
        schema: pageOf(movimentoSchema),
        signal,
      }),
  });
}

/** GET /api/magazzino/lotti/:id/riserve: the reservations running, soonest expiry first. */
export function useLottoRiserve(id: string) {
  return useQuery({
    queryKey: lotti.keys.of('riserve', id),
    queryFn: ({ signal }) =>
      api.get(lotti.path(id, 'riserve'), { schema: z.array(riservaSchema), signal }),
  });
}

export type LottoOp = 'riserva' | 'rilascia' | 'vendi' | 'rettifica' | 'sposta';

const LOTTO_ROOTS = [ROOT, queryRoots.trasferimenti, queryRoots.giacenze];

/** After an operation, or a 409 (someone took the pieces first): every tile figure is refetched. */
function useRefreshLotti() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(LOTTO_ROOTS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

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
export function useLottoOperation(id: string) {
  const refresh = useRefreshLotti();
  return useMutation({
    mutationFn: ({ op, body }: { op: LottoOp; body: object }) =>
      api.post(lotti.path(id, op), body, { schema: lottoOperazioneSchema }),
    onSuccess: () => refresh(),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void refresh();
    },
  });
}

/** PUT /api/magazzino/lotti/:id: list price, scelta, note. */
export function useUpdateLotto(id: string) {
  const refresh = useRefreshLotti();
  return useMutation({
    mutationFn: (body: LottoUpdateInput) => api.put(lotti.path(id), body, { schema: lottoSchema }),
    onSuccess: () => refresh(),
  });
}
