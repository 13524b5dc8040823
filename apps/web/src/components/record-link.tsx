import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pageOfDetailPath } from '@gestcava/contracts';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';

/**
 * A link to a record's detail page when the user may open that page, its plain text otherwise
 * (no link that would only send them away).
 */
export function RecordLink({
  to,
  children,
  testId,
}: {
  to: string;
  children: ReactNode;
  testId?: string;
}) {
  const { user } = useSession();
  const page = pageOfDetailPath(to);
  if (page && !can(user, page, 'read')) return <span data-testid={testId}>{children}</span>;
  return (
    <Link to={to} data-testid={testId}>
      {children}
    </Link>
  );
}
