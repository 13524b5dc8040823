import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { bloccoSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { bancataKeys } from './keys';

const blocchiSchema = z.array(bloccoSchema);

/** GET /api/bancate/:id/blocchi: the blocchi squared from it (read under the bancate permission). */
export function getBancataBlocchi(id: string, signal?: AbortSignal) {
  return api.get(`/api/bancate/${encodeURIComponent(id)}/blocchi`, { schema: blocchiSchema, signal });
}

export const bancataBlocchiQueryOptions = (id: string) =>
  queryOptions({
    queryKey: bancataKeys.blocchi(id),
    queryFn: ({ signal }) => getBancataBlocchi(id, signal),
  });

export function useBancataBlocchi(id: string) {
  return useQuery(bancataBlocchiQueryOptions(id));
}
