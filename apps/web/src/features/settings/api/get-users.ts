import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersResponseSchema } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { usersKeys } from './keys';

/** GET /user/users (admin): every user of the group. */
export async function getUsers(signal?: AbortSignal) {
  const { users } = await api.get('/user/users', { schema: usersResponseSchema, signal });
  return users;
}

export const usersQueryOptions = queryOptions({
  queryKey: usersKeys.list,
  queryFn: ({ signal }) => getUsers(signal),
});

export function useUsers() {
  return useQuery(usersQueryOptions);
}
