import type { AnagraficaKind } from '@gestcava/contracts';
import { apiDownload } from '@/lib/api';
import type { AnagraficaFilters } from './keys';

/** GET /api/clienti/export?format=csv|xlsx&<filters>: the filtered list as a file. */
export function exportAnagrafiche(kind: AnagraficaKind, filters: AnagraficaFilters, format: 'csv' | 'xlsx') {
  return apiDownload(`/api/${kind}/export`, { query: { ...filters, format }, timeoutMs: 30_000 });
}
