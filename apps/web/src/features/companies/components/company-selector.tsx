import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@gestcava/contracts';
import { queryRoots } from '@/lib/query-keys';
import { setSelectedCompanyId, useSession } from '@/lib/session';
import { useCompanies } from '../api/companies';

/**
 * Admins act for any group company: the choice is sent as X-Company-Id on every request and the
 * cached data of the previous company is dropped (docs/screens.md).
 */
export function CompanySelector({ user }: { user: User }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { selectedCompanyId } = useSession();
  const { data: companies } = useCompanies(user.role === 'admin');
  const current = selectedCompanyId ?? user.companyId;

  if (!companies || companies.length < 2) return null;

  const onChange = (value: string) => {
    setSelectedCompanyId(value === user.companyId ? null : value);
    // Drop every cached answer of the other company and refetch what is on screen.
    void queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== queryRoots.health[0] });
  };

  return (
    <div className="company-selector">
      <label htmlFor={id} className="company-selector-label">
        Ditta
      </label>
      <select
        id={id}
        className="p-inputtext p-component company-selector-select"
        value={current}
        onChange={(e) => onChange(e.target.value)}
        data-testid="company-selector"
      >
        {companies.map((c) => (
          <option key={c._id} value={c._id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
