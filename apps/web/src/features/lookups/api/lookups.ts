import type { LookupKind } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { LOOKUP_ITEM_SCHEMAS, LOOKUP_RESOURCES, type LookupRecord } from '@/lib/lookups';
import { queryRoots } from '@/lib/query-keys';

/** POST /api/cave (or materiali, ubicazioni, macchine), admin: 201 + the record. */
export const useCreateLookup = <K extends LookupKind>(kind: K) =>
  LOOKUP_RESOURCES[kind].useWrite(
    (body: Record<string, unknown>) =>
      api.create(`/api/${kind}`, body, { schema: LOOKUP_ITEM_SCHEMAS[kind] }) as Promise<
        LookupRecord[K]
      >,
  );

/** DELETE /api/cave/:id (admin): 204, or 409 while bancate or blocchi use it (deactivate it instead). */
export const useDeleteLookup = (kind: LookupKind) =>
  LOOKUP_RESOURCES[kind].useWrite((id: string) =>
    api.delete<void>(LOOKUP_RESOURCES[kind].path(id)),
  );

/**
 * PUT /api/cave/:id (admin) with the fields to change: 200 + the record. The names shown in
 * bancate and blocchi come with them: those lists refresh too.
 */
export const useUpdateLookup = <K extends LookupKind>(kind: K) =>
  LOOKUP_RESOURCES[kind].useWrite(
    (v: { id: string; body: Record<string, unknown> }) =>
      api.put(LOOKUP_RESOURCES[kind].path(v.id), v.body, {
        schema: LOOKUP_ITEM_SCHEMAS[kind],
      }) as Promise<LookupRecord[K]>,
    { invalidates: [queryRoots.bancate, queryRoots.blocchi] },
  );
