import { codiceRisoltoSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';

/** GET /api/codici/:codice: the item a code names in this company (404 in Italian otherwise). */
export function resolveCodice(codice: string, signal?: AbortSignal) {
  return api.get(`/api/codici/${encodeURIComponent(codice.trim())}`, { schema: codiceRisoltoSchema, signal });
}
