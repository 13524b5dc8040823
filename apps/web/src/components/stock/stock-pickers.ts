import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { anagraficaPickerItemSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';

// The magazzino pages' own pickers (docs/api.md "Shape of the API"): a stock clerk chooses a cliente or a place without
// the Clienti page or the lookups' settings.

const ROOT = ['magazzino-pickers'] as const;
const clientiSchema = z.array(anagraficaPickerItemSchema);
const ubicazioniSchema = z.array(z.object({ _id: z.string(), nome: z.string() }));

/** GET /api/magazzino/clienti-selezionabili?q=: active clienti by name, for a reservation or a sale. */
export const stockClientiChoices = (q: string) =>
  queryOptions({
    queryKey: [...ROOT, 'clienti', q.trim()] as const,
    queryFn: ({ signal }) =>
      api.get('/api/magazzino/clienti-selezionabili', {
        query: { q: q.trim() || undefined },
        schema: clientiSchema,
        signal,
      }),
    staleTime: 60_000,
  });

/** GET /api/magazzino/ubicazioni-selezionabili: the active places. */
export function useStockUbicazioni() {
  return useQuery({
    queryKey: [...ROOT, 'ubicazioni'],
    queryFn: ({ signal }) =>
      api.get('/api/magazzino/ubicazioni-selezionabili', { schema: ubicazioniSchema, signal }),
    staleTime: 60_000,
  });
}
