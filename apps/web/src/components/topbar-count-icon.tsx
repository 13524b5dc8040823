import { formatBadgeCount } from '@/lib/format';

/**
 * The icon of a top-bar button with its count's badge (unread chat messages, the buyers' answers):
 * no badge at zero, "99+" past 99. The icon is hidden from screen readers, so the button around it
 * says the count in its own label.
 */
export function TopbarCountIcon({
  icon,
  count,
  testId,
}: {
  /** PrimeIcons class, e.g. `pi pi-comments`. */
  icon: string;
  count: number;
  /** The badge's test id. */
  testId: string;
}) {
  return (
    <i className={`${icon} p-overlay-badge`} aria-hidden="true">
      {count > 0 && (
        <span className="topbar-badge" data-testid={testId}>
          {formatBadgeCount(count)}
        </span>
      )}
    </i>
  );
}
