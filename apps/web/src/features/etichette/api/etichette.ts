import { queryOptions, useQuery } from '@tanstack/react-query';
import { indirizzoEtichetteSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';

/** GET /api/etichette/indirizzo: the address the labels' QR codes carry, and whether it is a loopback one. */
export const labelsAddressQueryOptions = queryOptions({
  queryKey: ['etichette', 'indirizzo'],
  queryFn: () => api.get('/api/etichette/indirizzo', { schema: indirizzoEtichetteSchema }),
  // the server's configuration: it changes only with a restart
  staleTime: Infinity,
});

export function useLabelsAddress() {
  return useQuery(labelsAddressQueryOptions);
}
