import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bancataSchema, type BancataCreate } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { bancataKeys } from './keys';

/** POST /api/bancate: 201 + the bancata, its codice (BA-YYYY-NNNN) given by the server. */
export function createBancata(body: BancataCreate) {
  return api.create('/api/bancate', body, { schema: bancataSchema });
}

export function useCreateBancata() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBancata,
    onSuccess: (bancata) => {
      queryClient.setQueryData(bancataKeys.detail(bancata._id), bancata);
      return queryClient.invalidateQueries({ queryKey: bancataKeys.all });
    },
  });
}
