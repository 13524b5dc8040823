import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  pubblicoCondivisioneSchema,
  pubblicoRispostaSchema,
  type PubblicoRispostaCreate,
} from '@gestcava/contracts';
import { api, buildUrl, isApiError } from '@/lib/api';
import { queryRoots } from '@/lib/query-keys';

const key = (token: string) => [...queryRoots.pubblico, token] as const;
export const pubblicoBase = (token: string) => `/api/pubblico/${encodeURIComponent(token)}`;

/** GET /api/pubblico/:token: what the link shows (404 unknown, 410 withdrawn or expired: no retry). */
export function usePubblico(token: string) {
  return useQuery({
    queryKey: key(token),
    queryFn: ({ signal }) =>
      api.get(pubblicoBase(token), { schema: pubblicoCondivisioneSchema, signal }),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
    refetchOnWindowFocus: false,
  });
}

/** The photo's preview as the link serves it (same origin, no session needed). */
export const fotoUrl = (token: string, photoId: string) =>
  buildUrl(`${pubblicoBase(token)}/foto/${encodeURIComponent(photoId)}`);

/** POST /api/pubblico/:token/risposte: the buyer's answer on one block. */
export function useRisposta(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PubblicoRispostaCreate) =>
      api.create(`${pubblicoBase(token)}/risposte`, body, { schema: pubblicoRispostaSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(token) }),
  });
}
