import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  cavaSchema,
  macchinaSchema,
  materialeSchema,
  ubicazioneSchema,
  type Cava,
  type LookupKind,
  type Macchina,
  type Materiale,
  type Ubicazione,
} from '@gestcava/contracts';
import { api } from './api';
import { isNotOnDevice, loadLookupWithDeviceCopy } from './offline/device-copy';
import { defineResource } from './define-resource';
import { queryRoots } from './query-keys';
import { retryOnce } from './query-client';

/**
 * The four lookups (docs/domain.md "Lookups": cave, materiali, ubicazioni, macchine), read by every
 * authenticated user: the pickers and filters of bancate and blocchi use them, and Impostazioni
 * (features/lookups) writes them. Small arrays, fetched whole and cached.
 */
export interface LookupRecord {
  cave: Cava;
  materiali: Materiale;
  ubicazioni: Ubicazione;
  macchine: Macchina;
}

const LOOKUP_LIST_SCHEMAS = {
  cave: z.array(cavaSchema),
  materiali: z.array(materialeSchema),
  ubicazioni: z.array(ubicazioneSchema),
  macchine: z.array(macchinaSchema),
} as const;

export const LOOKUP_ITEM_SCHEMAS = {
  cave: cavaSchema,
  materiali: materialeSchema,
  ubicazioni: ubicazioneSchema,
  macchine: macchinaSchema,
} as const;

/** One resource per kind, under ['lookups', kind]: a write refreshes that kind (a cava's tariffs too). */
const lookupResource = (kind: LookupKind) =>
  defineResource({ key: [...queryRoots.lookups, kind], base: `/api/${kind}` });
export const LOOKUP_RESOURCES: Record<LookupKind, ReturnType<typeof lookupResource>> = {
  cave: lookupResource('cave'),
  materiali: lookupResource('materiali'),
  ubicazioni: lookupResource('ubicazioni'),
  macchine: lookupResource('macchine'),
};

/**
 * GET /api/cave (or materiali, ubicazioni, macchine) → the company's records. Kept on the device at
 * every load and read from there without network (lib/offline/device-copy), so a yard phone
 * reopened offline still offers its ubicazioni.
 */
const lookupRead = <K extends LookupKind>(kind: K) =>
  LOOKUP_RESOURCES[kind].read(() => ({
    key: [],
    load: (signal) =>
      loadLookupWithDeviceCopy(kind, () =>
        api.get(`/api/${kind}`, {
          schema: LOOKUP_LIST_SCHEMAS[kind] as unknown as z.ZodType<LookupRecord[K][]>,
          signal,
        }),
      ),
    staleTime: 5 * 60_000,
    // asked even when the browser says offline (TanStack would pause it): the device answers then
    networkMode: 'always',
    retry: (failureCount, error) => !isNotOnDevice(error) && retryOnce(failureCount, error),
  }));
const LOOKUP_READS = {
  cave: lookupRead('cave'),
  materiali: lookupRead('materiali'),
  ubicazioni: lookupRead('ubicazioni'),
  macchine: lookupRead('macchine'),
};
const readOf = <K extends LookupKind>(kind: K) =>
  LOOKUP_READS[kind] as unknown as ReturnType<typeof lookupRead<K>>;

export const lookupsQueryOptions = <K extends LookupKind>(kind: K) => readOf(kind).options();

export function useLookups<K extends LookupKind>(kind: K) {
  return readOf(kind).use();
}

/** Every lookup an offline action may need: read at the app's start and at each return of the network. */
export const OFFLINE_LOOKUPS = ['ubicazioni', 'materiali', 'macchine', 'cave'] as const;

/**
 * Puts the lookups on the device (and refreshes them) whenever the app is online: the shell calls it
 * with the user and company it acts for, or null offline.
 */
export function usePrefetchLookups(scope: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!scope) return;
    for (const kind of OFFLINE_LOOKUPS) void queryClient.prefetchQuery(lookupsQueryOptions(kind));
  }, [scope, queryClient]);
}

/** Whether a lookup record is in use for new data (cave and ubicazioni say attiva, the others attivo). */
export function isLookupActive(record: { attiva?: boolean; attivo?: boolean }): boolean {
  return (record.attiva ?? record.attivo) !== false;
}
