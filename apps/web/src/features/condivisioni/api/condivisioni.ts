import { z } from 'zod';
import {
  anagraficaPickerItemSchema,
  condivisioneCreatedSchema,
  condivisioneDetailSchema,
  condivisioniListSchema,
  condivisioniNotificheSchema,
  type CondivisioneCreate,
  type CondivisioniNotificheLetti,
} from '@gestcava/contracts';
import { api } from '@/lib/api';
import { defineResource } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

/** /api/condivisioni, the links sent to clienti: a write adds a row to the blocks' history too. */
const condivisioni = defineResource({
  key: queryRoots.condivisioni,
  base: '/api/condivisioni',
  invalidates: [queryRoots.blocchi],
});

/** GET /api/condivisioni?clienteId|bloccoId: the links sent to a cliente, or naming a block. */
export const useCondivisioni = condivisioni.read(
  (filter: { clienteId?: string; bloccoId?: string }) => ({
    key: ['list', filter],
    url: '/api/condivisioni',
    query: filter,
    schema: condivisioniListSchema,
  }),
).use;

/** GET /api/condivisioni/:id: visits and answers of one link (opening it marks its answers seen). */
export const useCondivisione = condivisioni.read((id: string | null) => ({
  key: ['detail', id],
  url: condivisioni.path(id ?? ''),
  schema: condivisioneDetailSchema,
  enabled: id !== null,
})).use;

/** The share dialog's cliente search, under the module's own permission. */
export const clientiQueryOptions = condivisioni.queries.picker(
  'clienti',
  'clienti-selezionabili',
  z.array(anagraficaPickerItemSchema),
  60_000,
);

/** POST /api/condivisioni: the answer is the only place the link's url ever appears. */
export const useCreateCondivisione = () =>
  condivisioni.useWrite((body: CondivisioneCreate) =>
    api.create('/api/condivisioni', body, { schema: condivisioneCreatedSchema }),
  );

/** POST /api/condivisioni/:id/revoca: the link stops opening at once. */
export const useRevocaCondivisione = () =>
  condivisioni.useWrite((id: string) =>
    api.post(condivisioni.path(id, 'revoca'), undefined, { schema: condivisioneDetailSchema }),
  );

/**
 * GET /api/condivisioni/notifiche: the buyers' answers on the user's own links not read yet. The
 * socket's `condivisioni_risposta` refreshes it at once (its key is `queryRoots.condivisioniNotifiche`);
 * a tab without the realtime connection (no chat page) polls each minute and on return to the tab.
 */
export const useNotificheRisposte = condivisioni.read((enabled: boolean) => ({
  key: ['notifiche'],
  url: '/api/condivisioni/notifiche',
  schema: condivisioniNotificheSchema,
  enabled,
  refetchInterval: 60_000,
  refetchOnWindowFocus: true,
})).use;

/** POST /api/condivisioni/notifiche/letti: the answers named (or all) are read; answers the rest. */
export const useSegnaRisposteLette = () =>
  condivisioni.useWrite(
    (body: CondivisioniNotificheLetti) =>
      api.post('/api/condivisioni/notifiche/letti', body, { schema: condivisioniNotificheSchema }),
    {
      onSuccess: (data, queryClient) =>
        queryClient.setQueryData(queryRoots.condivisioniNotifiche, data),
      refresh: false,
    },
  );
