import { apiDownload } from '@/lib/api';
import type { BloccoFilters, BloccoKind } from './keys';

/**
 * GET /api/blocchi/export?format=csv|xlsx&<filters>&sort=: the filtered list as a file (Italian
 * headers, typed cells), in the order the screen shows.
 */
export function exportBlocchi(kind: BloccoKind, filters: BloccoFilters & { sort: string }, format: 'csv' | 'xlsx') {
  return apiDownload(`/api/${kind}/export`, { query: { ...filters, format }, timeoutMs: 60_000 });
}
