/** The full-screen loader (docs/screens.md): 'Caricamento in corso...'. */
export function FullScreenLoader() {
  return (
    <div className="app-loader" role="status" aria-live="polite" data-testid="full-screen-loader">
      <div className="app-loader-box">
        <span className="app-loader-spinner" aria-hidden="true" />
        <span className="app-loader-text">Caricamento in corso...</span>
      </div>
    </div>
  );
}
