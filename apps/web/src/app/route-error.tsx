import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Never a blank screen: an unexpected error (or a chunk that no longer exists after an update). */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : chunkFailed
      ? "È disponibile una nuova versione dell'applicazione: ricarica la pagina."
      : 'Si è verificato un errore imprevisto. Ricarica la pagina; se il problema continua, avvisa l’amministratore.';
  return (
    <main className="error-page" role="alert">
      <div className="error-card">
        <i className="pi pi-exclamation-triangle error-icon" aria-hidden="true" />
        <h1>Qualcosa è andato storto</h1>
        <p>{detail}</p>
        <div className="error-actions">
          <button
            type="button"
            className="p-button p-component"
            onClick={() => window.location.reload()}
          >
            <span className="p-button-label">Ricarica la pagina</span>
          </button>
          <a className="p-button p-button-text p-component" href="/">
            <span className="p-button-label">Torna alla home</span>
          </a>
        </div>
      </div>
    </main>
  );
}
