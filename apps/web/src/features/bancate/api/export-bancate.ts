import { apiDownload } from '@/lib/api';
import type { BancataFilters } from './keys';

/**
 * GET /api/bancate/export?format=csv|xlsx&<filters>&sort=: the filtered list as a file (Italian
 * headers, typed cells), in the order the screen shows.
 */
export function exportBancate(filters: BancataFilters & { sort: string }, format: 'csv' | 'xlsx') {
  return apiDownload('/api/bancate/export', { query: { ...filters, format }, timeoutMs: 60_000 });
}
