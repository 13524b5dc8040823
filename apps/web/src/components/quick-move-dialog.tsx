import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import './quick-actions.css';

/**
 * Moving an item in the yard on a phone: the active places as big buttons, one tap on
 * the new place does it. The caller saves and closes.
 */
export function QuickMoveDialog({
  title,
  current,
  places,
  pendingId,
  onMove,
  onClose,
}: {
  title: string;
  current: string | null | undefined;
  places: ReadonlyArray<{ _id: string; nome: string }>;
  /** the place being saved, if any */
  pendingId: string | null;
  onMove: (place: { _id: string; nome: string }) => void;
  onClose: () => void;
}) {
  const others = places.filter((p) => p.nome !== current);
  return (
    <Dialog
      visible
      onHide={onClose}
      header={title}
      modal
      style={{ width: '26rem' }}
      breakpoints={{ '640px': '100vw' }}
      data-testid="quick-move-dialog"
    >
      <p className="mt-0 text-color-secondary">
        Ora è in: {current ?? 'nessuna ubicazione'}. Tocca il nuovo posto.
      </p>
      <div className="quick-move-places">
        {others.map((u) => (
          <Button
            key={u._id}
            type="button"
            label={u.nome}
            outlined
            className="w-full"
            loading={pendingId === u._id}
            disabled={pendingId !== null}
            onClick={() => onMove(u)}
          />
        ))}
        {others.length === 0 && <p className="m-0">Nessun’altra ubicazione attiva.</p>}
      </div>
    </Dialog>
  );
}
