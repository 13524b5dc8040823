import { z } from 'zod';
import { codiceRisoltoSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';

/** GET /api/codici/:codice: the item a code names in this company (404 in Italian otherwise). */
export function resolveCodice(codice: string, signal?: AbortSignal) {
  return api.get(`/api/codici/${encodeURIComponent(codice.trim())}`, {
    schema: codiceRisoltoSchema,
    signal,
  });
}

/** GET /api/codici?q=: the items whose code contains the text (at most 10), when none is named exactly. */
export function codiceCandidates(text: string, signal?: AbortSignal) {
  return api.get('/api/codici', {
    query: { q: text.trim() },
    schema: z.array(codiceRisoltoSchema),
    signal,
  });
}
