import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lastraSchema, paccoDetailSchema, paccoOperazioneSchema, type LastraUpdateInput, type StockItemUpdateInput } from '@gestcava/contracts';
import { api, isApiError } from '@/lib/api';
import { queryRoots } from '@/lib/query-keys';

export type LastraOp = 'riserva' | 'rilascia' | 'vendi' | 'spedisci' | 'rotta' | 'sposta';
export type PaccoOp = 'riserva' | 'rilascia' | 'vendi' | 'sposta';

/**
 * After an operation — or a 409, when someone else moved the slab first — every slab and bundle
 * figure may have changed: lists, totals, details, ledger (and a transfer's history).
 */
function useRefreshStock() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryRoots.magazzinoLastre, queryRoots.trasferimenti, queryRoots.giacenze].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

const refreshOnConflict = (refresh: () => Promise<unknown>) => (error: Error) => {
  if (isApiError(error) && error.status === 409) void refresh();
};

/** POST /api/magazzino/lastre/:id/<op>: the slab after it. */
export function useLastraOperation(id: string) {
  const refresh = useRefreshStock();
  return useMutation({
    mutationFn: ({ op, body }: { op: LastraOp; body: object }) => api.post(`/api/magazzino/lastre/${encodeURIComponent(id)}/${op}`, body, { schema: lastraSchema }),
    onSuccess: () => refresh(),
    onError: refreshOnConflict(refresh),
  });
}

/** POST /api/magazzino/pacchi/:id/<op>: the bundle after it and how many of its slabs it moved. */
export function usePaccoOperation(id: string) {
  const refresh = useRefreshStock();
  return useMutation({
    mutationFn: ({ op, body }: { op: PaccoOp; body: object }) => api.post(`/api/magazzino/pacchi/${encodeURIComponent(id)}/${op}`, body, { schema: paccoOperazioneSchema }),
    onSuccess: () => refresh(),
    onError: refreshOnConflict(refresh),
  });
}

/** PUT /api/magazzino/pacchi/:id: list price, scelta (its slabs in stock follow), note. */
export function useUpdatePacco(id: string) {
  const refresh = useRefreshStock();
  return useMutation({
    mutationFn: (body: StockItemUpdateInput) => api.put(`/api/magazzino/pacchi/${encodeURIComponent(id)}`, body, { schema: paccoDetailSchema }),
    onSuccess: () => refresh(),
  });
}

/** PUT /api/magazzino/lastre/:id: re-grading one slab. */
export function useUpdateLastra(id: string) {
  const refresh = useRefreshStock();
  return useMutation({
    mutationFn: (body: LastraUpdateInput) => api.put(`/api/magazzino/lastre/${encodeURIComponent(id)}`, body, { schema: lastraSchema }),
    onSuccess: () => refresh(),
  });
}

/**
 * The same operation on some slabs, one request each in turn (each slab is its own guarded update on
 * the server): which went and, for the others, the server's reason.
 */
export function useLastreSelectionOperation() {
  const refresh = useRefreshStock();
  return useMutation({
    mutationFn: async ({ op, body, lastre }: { op: LastraOp; body: object; lastre: Array<{ _id: string; codice: string }> }) => {
      const done: string[] = [];
      const failed: Array<{ codice: string; message: string }> = [];
      for (const l of lastre) {
        try {
          await api.post(`/api/magazzino/lastre/${encodeURIComponent(l._id)}/${op}`, body, { schema: lastraSchema });
          done.push(l.codice);
        } catch (error) {
          failed.push({ codice: l.codice, message: error instanceof Error ? error.message : 'non riuscita' });
        }
      }
      return { done, failed };
    },
    onSettled: () => refresh(),
  });
}
