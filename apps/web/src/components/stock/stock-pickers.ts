import { z } from 'zod';
import { anagraficaPickerItemSchema } from '@gestcava/contracts';
import { defineResource } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

// The magazzino pages' own pickers (docs/api.md "Shape of the API"): a stock clerk chooses a cliente or a place without
// the Clienti page or the lookups' settings.
const pickers = defineResource({ key: queryRoots.magazzinoPickers, base: '/api/magazzino' });

/** GET /api/magazzino/clienti-selezionabili?q=: active clienti by name, for a reservation or a sale. */
export const stockClientiChoices = pickers.read((q: string) => ({
  key: ['clienti', q.trim()],
  url: '/api/magazzino/clienti-selezionabili',
  query: { q: q.trim() || undefined },
  schema: z.array(anagraficaPickerItemSchema),
  staleTime: 60_000,
})).options;

/** GET /api/magazzino/ubicazioni-selezionabili: the active places. */
export const useStockUbicazioni = pickers.read(() => ({
  key: ['ubicazioni'],
  url: '/api/magazzino/ubicazioni-selezionabili',
  schema: z.array(z.object({ _id: z.string(), nome: z.string() })),
  staleTime: 60_000,
})).use;
