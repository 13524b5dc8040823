import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { FullScreenLoader } from '@/components/full-screen-loader';
import { resolveCodice } from '../api/codici';

/**
 * `/c/<codice>`, what a label's QR code opens: the item's page, after the login if needed
 * (the route sits behind the token guard, which comes back here), or an Italian word on why not.
 */
export function CodeRedirect() {
  const { codice = '' } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    resolveCodice(codice, controller.signal)
      .then((found) => void navigate(found.detailPath, { replace: true }))
      .catch((err: unknown) => {
        if (!controller.signal.aborted)
          setError(err instanceof Error ? err.message : 'Codice non riconosciuto');
      });
    return () => controller.abort();
  }, [codice, navigate]);

  if (!error) return <FullScreenLoader />;
  return (
    <div className="p-4">
      <EmptyState icon="pi pi-question-circle" title="Codice non trovato">
        <p data-testid="code-redirect-error">{error}</p>
        <p>
          <Link to="/app/dashboard">Vai alla dashboard</Link>
        </p>
      </EmptyState>
    </div>
  );
}
