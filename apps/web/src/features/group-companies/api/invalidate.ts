import type { QueryClient } from '@tanstack/react-query';
import { queryRoots } from '@/lib/query-keys';
import { groupCompaniesKeys } from './get-group-companies';

/**
 * After a company changes: this page's list, and what the shell shows of companies (top bar
 * company and logo, admin's company selector, the login page's logo) so the new name or logo
 * appears at once.
 */
export function invalidateCompanies(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: groupCompaniesKeys.all }),
    queryClient.invalidateQueries({ queryKey: queryRoots.companies }),
    queryClient.invalidateQueries({ queryKey: queryRoots.logo }),
  ]);
}
