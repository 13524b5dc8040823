import { z } from 'zod';
import {
  dittaDestinazioneSchema,
  pageOf,
  trasferimentoSchema,
  type TrasferimentoCreate,
} from '@gestcava/contracts';
import { api } from '@/lib/api';
import { defineResource } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';

/**
 * /api/trasferimenti: the transfers this company is part of. A transfer is one transaction on the
 * server; afterwards every cache of what moved is stale: blocks, bundles and slabs, lots, stock.
 */
const trasferimenti = defineResource({
  key: queryRoots.trasferimenti,
  base: '/api/trasferimenti',
  invalidates: [
    queryRoots.blocchi,
    queryRoots.magazzinoLastre,
    queryRoots.magazzinoPavimenti,
    queryRoots.giacenze,
  ],
});

export interface TrasferimentiParams {
  page: number;
  limit: number;
  direzione?: 'uscita' | 'entrata';
  /** the transfers that carried this block, bundle or lot (its id in this company) */
  itemId?: string;
}

/** GET /api/trasferimenti: newest first. */
export const useTrasferimenti = trasferimenti.read((params: TrasferimentiParams) => ({
  key: ['list', params],
  url: '/api/trasferimenti',
  query: params,
  schema: pageOf(trasferimentoSchema),
  keepPrevious: true,
})).use;

/** GET /api/trasferimenti/destinazioni: the other companies of the group. */
export const useDestinazioni = trasferimenti.read(() => ({
  key: ['destinazioni'],
  url: '/api/trasferimenti/destinazioni',
  schema: z.array(dittaDestinazioneSchema),
  staleTime: 5 * 60_000,
})).use;

/** POST /api/trasferimenti (an Idempotency-Key makes a retried click harmless). */
export const useCreateTrasferimento = () =>
  trasferimenti.useWrite((body: TrasferimentoCreate) =>
    api.create('/api/trasferimenti', body, { schema: trasferimentoSchema }),
  );
