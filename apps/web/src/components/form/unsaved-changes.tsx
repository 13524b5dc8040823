import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import '../severity.css';

/** "Leave without saving?" — the question of every form with unsaved changes (DESIGN §5). */
export function DiscardChangesDialog({
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
          <Button type="button" label="Esci senza salvare" severity="danger" onClick={onLeave} data-testid="discard-changes" />
        </div>
      }
      data-testid="discard-dialog"
    >
      <p className="m-0">Hai modifiche non salvate. Se esci ora andranno perse.</p>
    </Dialog>
  );
}

/**
 * While `when` holds: navigating away inside the app asks first, and closing or reloading the
 * tab gets the browser's own question.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <DiscardChangesDialog
      visible={blocker.state === 'blocked'}
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
    />
  );
}
