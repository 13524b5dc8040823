import { useOnline } from '@/lib/offline/network';
import './offline.css';

/**
 * "Non in linea" in the top bar while the device has no network. The live region is always
 * there, so screen readers announce both the loss and the return of the network.
 */
export function OfflineBadge() {
  const online = useOnline();
  return (
    <span role="status" className="offline-badge-region">
      {!online && (
        <span
          className="offline-badge"
          data-testid="offline-badge"
          title="Il dispositivo non ha rete"
        >
          <i className="pi pi-wifi" aria-hidden="true" />
          <span className="offline-badge-text">Non in linea</span>
        </span>
      )}
    </span>
  );
}
