import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  dittaDestinazioneSchema,
  pageOf,
  trasferimentoSchema,
  type TrasferimentoCreate,
} from '@gestcava/contracts';
import { api } from '@/lib/api';
import { queryRoots } from '@/lib/query-keys';

const ROOT = queryRoots.trasferimenti;
const BASE = '/api/trasferimenti';

export const trasferimentiKeys = {
  list: (params: object) => [...ROOT, 'list', params] as const,
  destinazioni: [...ROOT, 'destinazioni'] as const,
};

export interface TrasferimentiParams {
  page: number;
  limit: number;
  direzione?: 'uscita' | 'entrata';
  /** the transfers that carried this block, bundle or lot (its id in this company) */
  itemId?: string;
}

const pageSchema = pageOf(trasferimentoSchema);

/** GET /api/trasferimenti: the transfers this company is part of, newest first. */
export function useTrasferimenti(params: TrasferimentiParams) {
  return useQuery({
    queryKey: trasferimentiKeys.list(params),
    queryFn: ({ signal }) => api.get(BASE, { query: { ...params }, schema: pageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/trasferimenti/destinazioni: the other companies of the group. */
export function useDestinazioni() {
  return useQuery({
    queryKey: trasferimentiKeys.destinazioni,
    queryFn: ({ signal }) =>
      api.get(`${BASE}/destinazioni`, { schema: z.array(dittaDestinazioneSchema), signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * POST /api/trasferimenti: one transaction on the server. Afterwards every cache of what moved is
 * stale: blocks, bundles and slabs, lots, and the transfers themselves.
 */
export function useCreateTrasferimento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrasferimentoCreate) =>
      api.create(BASE, body, { schema: trasferimentoSchema }),
    onSuccess: () =>
      Promise.all(
        [
          queryRoots.trasferimenti,
          queryRoots.blocchi,
          queryRoots.magazzinoLastre,
          queryRoots.magazzinoPavimenti,
          queryRoots.giacenze,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
