import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, isApiError } from '@/lib/api';
import type { QueuedKind } from '@/lib/offline/queue';
import { useQueueable } from '@/lib/offline/use-queueable';

/**
 * The yard's quick move of a slab, bundle or lot (POST …/:id/sposta with the place), a yard action
 * of docs/offline.md: offline it is kept on the device and replayed once; If-Match is the item's updatedAt
 * as shown. Once sent — or refused with 409, someone else moved it first — its figures refetch.
 */
export function useSposta<S extends z.ZodType>({
  kind,
  what,
  item,
  url,
  schema,
  invalidates,
}: {
  kind: Extract<QueuedKind, 'sposta-lastra' | 'sposta-pacco' | 'sposta-lotto'>;
  /** «Lastra», «Pacco», «Lotto», in the queue's label */
  what: string;
  /** its updatedAt as its DTO gave it: the move's If-Match */
  item: { _id: string; codice: string; updatedAt: string };
  url: string;
  schema: S;
  invalidates: readonly QueryKey[];
}) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useQueueable({
    describe: (place: { _id: string; nome: string }) => ({
      kind,
      label: `${what} ${item.codice}: sposta in ${place.nome}`,
      method: 'POST',
      url,
      body: { type: 'json', json: { ubicazioneId: place._id } },
      ifMatch: item.updatedAt,
      itemKey: `${kind}:${item._id}`,
      invalidates: invalidates.map((k) => k.map(String)),
    }),
    send: (place, direct) => api.post(url, { ubicazioneId: place._id }, { schema, ...direct }),
    onSent: refresh,
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void refresh();
    },
  });
}
