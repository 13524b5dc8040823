import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { BANCATA_STATI_CON_BLOCCHI } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { blocchiKeys } from './keys';

const choiceSchema = z.object({
  _id: z.string(),
  codice: z.string(),
  stato: z.string(),
  cava: z.object({ nome: z.string() }),
  materiale: z.object({ _id: z.string(), nome: z.string(), densita: z.number() }),
});
const pageSchema = z.object({ items: z.array(choiceSchema) });
export type BancataChoice = z.infer<typeof choiceSchema>;

/**
 * The bancate a new blocco may come from (ribaltata or in riquadratura), newest first. NOTE: read
 * from /api/bancate, so it needs the bancate permission; a blocchi-only user gets 403 and the form
 * says to start from the bancata.
 */
export async function getBancateSelezionabili(signal?: AbortSignal): Promise<BancataChoice[]> {
  const pages = await Promise.all(
    BANCATA_STATI_CON_BLOCCHI.map((stato) => api.get('/api/bancate', { query: { stato, limit: 100, sort: '-dataTaglio' }, schema: pageSchema, signal })),
  );
  return pages.flatMap((p) => p.items).sort((a, b) => b.codice.localeCompare(a.codice));
}

export const bancateSelezionabiliQueryOptions = () =>
  queryOptions({
    queryKey: blocchiKeys.bancateSelezionabili,
    queryFn: ({ signal }) => getBancateSelezionabili(signal),
  });

export function useBancateSelezionabili(enabled = true) {
  return useQuery({ ...bancateSelezionabiliQueryOptions(), enabled });
}
