import { useNotificationsToggle } from '../hooks/use-notifications';

/** Only where the browser has the Notification API, in a secure context (docs/screens.md). */
export function NotificationsToggle() {
  const { supported, enabled, busy, toggle } = useNotificationsToggle();
  if (!supported) return null;
  const label = enabled ? 'Disattiva le notifiche' : 'Attiva le notifiche';
  return (
    <button
      type="button"
      className="p-link layout-topbar-button"
      title={label}
      aria-pressed={enabled}
      disabled={busy}
      onClick={() => void toggle()}
      data-testid="notifications-toggle"
    >
      <i className={enabled ? 'pi pi-bell' : 'pi pi-bell-slash'} aria-hidden="true" />
      <span className="layout-topbar-label">{label}</span>
    </button>
  );
}
