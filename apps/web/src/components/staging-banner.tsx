import type { Health } from '@gestcava/contracts';

/** 'STAGING MODE - DB: {dbName} | Server: {server address}' when the server says staging (docs/screens.md). */
export function StagingBanner({
  health,
}: {
  health: Pick<Health, 'staging' | 'dbName'> | null | undefined;
}) {
  if (!health?.staging) return null;
  return (
    <div className="staging-banner" role="note" data-testid="staging-banner">
      {`STAGING MODE - DB: ${health.dbName} | Server: ${window.location.origin}`}
    </div>
  );
}
