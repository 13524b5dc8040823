import { z } from 'zod';
import { cavaTariffaSchema, type CavaTariffaBody } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { LOOKUP_RESOURCES } from '@/lib/lookups';

/** A quarry's tariffs for the contributo di estrazione: `/api/cave/:id/tariffe` (admins write). */
const cave = LOOKUP_RESOURCES.cave;
const tariffe = cave.sub('tariffe', { list: z.array(cavaTariffaSchema), item: cavaTariffaSchema });

export const cavaTariffeQueryOptions = tariffe.queries.list;
export const useCavaTariffe = (cavaId: string) => tariffe.useList(cavaId);

/** Create (no id) or replace (id) one period's tariffs. The list refreshes after it. */
export const useSaveCavaTariffa = (cavaId: string) =>
  cave.useWrite(({ id, body }: { id?: string; body: CavaTariffaBody }) =>
    id
      ? api.put(tariffe.path(cavaId, id), body, { schema: cavaTariffaSchema })
      : api.create(tariffe.path(cavaId), body, { schema: cavaTariffaSchema }),
  );

/** DELETE /api/cave/:cavaId/tariffe/:id. */
export const useDeleteCavaTariffa = (cavaId: string) => tariffe.useRemove(cavaId);
