import { useHealth } from '@/features/health/api/get-health';

/** 'STAGING MODE - DB: {dbName} | Server: {server address}' when the server says staging (SPEC §2). */
export function StagingBanner() {
  const { data } = useHealth();
  if (!data?.staging) return null;
  return (
    <div className="staging-banner" role="note" data-testid="staging-banner">
      {`STAGING MODE - DB: ${data.dbName} | Server: ${window.location.origin}`}
    </div>
  );
}
