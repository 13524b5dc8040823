import { apiDownload } from '@/lib/api';
import type { BloccoFilters, BloccoKind } from './keys';

/** GET /api/blocchi/export?format=csv|xlsx&<filters>: the filtered list as a file (Italian headers, typed cells). */
export function exportBlocchi(kind: BloccoKind, filters: BloccoFilters, format: 'csv' | 'xlsx') {
  return apiDownload(`/api/${kind}/export`, { query: { ...filters, format }, timeoutMs: 60_000 });
}
