import type { QueryClient } from '@tanstack/react-query';

export const usersKeys = {
  all: ['users'] as const,
  list: ['users', 'list'] as const,
};

export function invalidateUsers(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: usersKeys.all });
}
