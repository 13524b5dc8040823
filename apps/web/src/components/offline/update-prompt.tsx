import { useState } from 'react';
import { useUpdateOffer } from '@/lib/offline/app-update';
import { useHasUnsavedChanges } from '@/lib/unsaved-changes';
import './offline.css';

/**
 * "Nuova versione disponibile — Aggiorna": a bar at the foot of every page while a new
 * version of the app waits. Nothing reloads by itself; while a form has unsaved changes the update
 * waits and says why, so a reload never loses what was typed. Plain markup with PrimeReact's
 * classes: it is on the login route too (docs/quality.md P9).
 */
export function UpdatePrompt() {
  const apply = useUpdateOffer();
  const unsaved = useHasUnsavedChanges();
  const [later, setLater] = useState(false);
  const [applying, setApplying] = useState(false);
  if (!apply || later) return null;

  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <span className="update-prompt-text">
        <i className="pi pi-refresh" aria-hidden="true" /> Nuova versione disponibile
        {unsaved && (
          <span className="update-prompt-hint">
            {' '}
            — salva o chiudi il modulo aperto per aggiornare
          </span>
        )}
      </span>
      <span className="update-prompt-actions">
        <button
          type="button"
          className="p-button p-component p-button-text"
          onClick={() => setLater(true)}
        >
          <span className="p-button-label">Più tardi</span>
        </button>
        <button
          type="button"
          className="p-button p-component"
          disabled={unsaved || applying}
          onClick={() => {
            setApplying(true);
            apply().catch(() => setApplying(false));
          }}
          data-testid="update-apply"
        >
          <span className="p-button-label">Aggiorna</span>
        </button>
      </span>
    </div>
  );
}
