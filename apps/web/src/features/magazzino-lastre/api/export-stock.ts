import { apiDownload } from '@/lib/api';
import type { LastraFilters, PaccoFilters } from './keys';

/**
 * GET /api/magazzino/pacchi/export or /lastre/export?format=csv|xlsx&<filters>&sort=: the filtered
 * list as a file, in the order the screen shows.
 */
export function exportStock(plural: 'pacchi' | 'lastre', filters: (PaccoFilters | LastraFilters) & { sort: string }, format: 'csv' | 'xlsx') {
  return apiDownload(`/api/magazzino/${plural}/export`, { query: { ...filters, format }, timeoutMs: 60_000 });
}
