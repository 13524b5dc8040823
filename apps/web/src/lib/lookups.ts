import { queryOptions, useQuery } from '@tanstack/react-query';
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

/**
 * The four lookups (DESIGN §4 "Lookups": cave, materiali, ubicazioni, macchine), read by every
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

export const lookupKeys = {
  all: ['lookups'] as const,
  list: (kind: LookupKind) => ['lookups', kind] as const,
};

/** GET /api/cave (or materiali, ubicazioni, macchine) → the company's records. */
async function getLookups<K extends LookupKind>(
  kind: K,
  signal?: AbortSignal,
): Promise<LookupRecord[K][]> {
  const schema = LOOKUP_LIST_SCHEMAS[kind] as unknown as z.ZodType<LookupRecord[K][]>;
  return api.get(`/api/${kind}`, { schema, signal });
}

const lookupsQueryOptions = <K extends LookupKind>(kind: K) =>
  queryOptions({
    queryKey: lookupKeys.list(kind),
    queryFn: ({ signal }) => getLookups(kind, signal),
    staleTime: 5 * 60_000,
  });

export function useLookups<K extends LookupKind>(kind: K) {
  return useQuery(lookupsQueryOptions(kind));
}

/** Whether a lookup record is in use for new data (cave and ubicazioni say attiva, the others attivo). */
export function isLookupActive(record: { attiva?: boolean; attivo?: boolean }): boolean {
  return (record.attiva ?? record.attivo) !== false;
}
