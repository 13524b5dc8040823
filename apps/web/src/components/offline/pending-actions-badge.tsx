import { Link } from 'react-router';
import { usePendingCount, useUnseenRefusals } from '@/lib/offline/active-queue';
import './pending-actions-badge.css';

/**
 * "N azioni in attesa" in the top bar: the yard actions kept on this device, waiting for
 * the network; a tap opens their list. Nothing while none waits. On a phone the count alone shows.
 */
export function PendingActionsBadge() {
  const count = usePendingCount();
  if (count === 0) return null;
  const text = count === 1 ? '1 azione in attesa' : `${count} azioni in attesa`;
  return (
    <Link
      to="/app/pages/azioni-in-attesa"
      className="p-link layout-topbar-pending"
      title={text}
      aria-label={text}
      data-testid="pending-actions"
    >
      <i className="pi pi-cloud-upload" aria-hidden="true" />
      <span className="layout-topbar-pending-count" aria-hidden="true">
        {count}
      </span>
      <span className="layout-topbar-pending-text" aria-hidden="true">
        {count === 1 ? 'azione in attesa' : 'azioni in attesa'}
      </span>
    </Link>
  );
}

/**
 * "N azioni rifiutate" in the top bar: the server refused actions made offline (someone changed the
 * item meanwhile); it stays until the user opens the queue's page, where the reasons are.
 */
export function RefusedActionsBadge() {
  const count = useUnseenRefusals();
  if (count === 0) return null;
  const text = count === 1 ? '1 azione rifiutata' : `${count} azioni rifiutate`;
  return (
    <Link
      to="/app/pages/azioni-in-attesa"
      className="p-link layout-topbar-pending layout-topbar-refused"
      title={text}
      aria-label={text}
      data-testid="refused-actions"
    >
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <span className="layout-topbar-pending-count" aria-hidden="true">
        {count}
      </span>
      <span className="layout-topbar-pending-text" aria-hidden="true">
        {count === 1 ? 'azione rifiutata' : 'azioni rifiutate'}
      </span>
    </Link>
  );
}
