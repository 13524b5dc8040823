import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { holdUnsavedChanges } from '@/lib/unsaved-changes';
import '../severity.css';

/** "Leave without saving?" — the question of every form with unsaved changes (docs/screens.md). */
function DiscardChangesDialog({
  visible,
  onStay,
  onLeave,
}: {
  visible: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Dialog
      visible={visible}
      onHide={onStay}
      header="Modifiche non salvate"
      modal
      style={{ width: '28rem' }}
      breakpoints={{ '640px': '95vw' }}
      footer={
        <div className="flex flex-wrap justify-content-end gap-2">
          <Button type="button" label="Continua a modificare" outlined onClick={onStay} autoFocus />
          <Button
            type="button"
            label="Esci senza salvare"
            severity="danger"
            onClick={onLeave}
            data-testid="discard-changes"
          />
        </div>
      }
      data-testid="discard-dialog"
    >
      <p className="m-0">Hai modifiche non salvate. Se esci ora andranno perse.</p>
    </Dialog>
  );
}

/** The form's own question: closing it (Annulla, Escape, the dialog's ×) with unsaved changes. */
export interface CloseQuestion {
  asked: boolean;
  onStay: () => void;
  onLeave: () => void;
}

/**
 * While `when` holds: navigating away inside the app asks first, closing or reloading the tab
 * gets the browser's own question, and a new version of the app waits to be applied. `closing` is the form's own question when it is closed:
 * one dialog answers both, so Back pressed while the form asks does not stack a second question
 *. Leaving closes the form and, when a navigation waits, lets it go on.
 */
export function UnsavedChangesGuard({ when, closing }: { when: boolean; closing?: CloseQuestion }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
  );
  const navigating = blocker.state === 'blocked';

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    // the app update's reload waits while this form has unsaved changes
    const release = holdUnsavedChanges();
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      release();
    };
  }, [when]);

  return (
    <DiscardChangesDialog
      visible={navigating || !!closing?.asked}
      onStay={() => {
        if (navigating) blocker.reset();
        closing?.onStay();
      }}
      onLeave={() => {
        closing?.onLeave();
        if (navigating) blocker.proceed();
      }}
    />
  );
}
