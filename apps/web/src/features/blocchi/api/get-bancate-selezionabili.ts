import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { bancataPickerItemSchema, type BancataPickerItem } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { blocchiKeys } from './keys';

export type BancataChoice = BancataPickerItem;

/**
 * The bancate a new blocco may come from (ribaltata or in riquadratura), newest first. Read
 * through the blocchi module, so the blocchi permission is enough (no bancate page needed).
 */
export function getBancateSelezionabili(signal?: AbortSignal): Promise<BancataChoice[]> {
  return api.get('/api/blocchi/bancate-selezionabili', { schema: z.array(bancataPickerItemSchema), signal });
}

export const bancateSelezionabiliQueryOptions = () =>
  queryOptions({
    queryKey: blocchiKeys.bancateSelezionabili,
    queryFn: ({ signal }) => getBancateSelezionabili(signal),
  });

export function useBancateSelezionabili(enabled = true) {
  return useQuery({ ...bancateSelezionabiliQueryOptions(), enabled });
}
