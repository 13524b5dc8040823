import { Button } from 'primereact/button';
import type { User } from '@gestcava/contracts';
import type { UserQuestion } from './user-questions';

/** A user's buttons in the list: edit, and for anyone but oneself reset, (de)activate, delete. */
export function UserRowActions({
  user: u,
  self,
  onEdit,
  onAsk,
}: {
  user: User;
  self: boolean;
  onEdit: () => void;
  onAsk: (kind: UserQuestion) => void;
}) {
  return (
    <span className="user-actions" onClick={(e) => e.stopPropagation()}>
      <Button
        type="button"
        icon="pi pi-pencil"
        text
        rounded
        onClick={onEdit}
        aria-label={`Modifica ${u.name}`}
        tooltip="Modifica"
        tooltipOptions={{ position: 'top' }}
        data-testid="user-edit"
      />
      {!self && (
        <Button
          type="button"
          icon="pi pi-key"
          text
          rounded
          onClick={() => onAsk('reset')}
          aria-label={`Reimposta la password di ${u.name}`}
          tooltip="Reimposta password"
          tooltipOptions={{ position: 'top' }}
          data-testid="user-reset"
        />
      )}
      {!self &&
        (u.active ? (
          <Button
            type="button"
            icon="pi pi-ban"
            text
            rounded
            severity="warning"
            onClick={() => onAsk('deactivate')}
            aria-label={`Disattiva ${u.name}`}
            tooltip="Disattiva"
            tooltipOptions={{ position: 'top' }}
            data-testid="user-deactivate"
          />
        ) : (
          <Button
            type="button"
            icon="pi pi-replay"
            text
            rounded
            severity="success"
            onClick={() => onAsk('reactivate')}
            aria-label={`Riattiva ${u.name}`}
            tooltip="Riattiva"
            tooltipOptions={{ position: 'top' }}
            data-testid="user-reactivate"
          />
        ))}
      {!self && (
        <Button
          type="button"
          icon="pi pi-trash"
          text
          rounded
          severity="danger"
          onClick={() => onAsk('delete')}
          aria-label={`Elimina ${u.name}`}
          tooltip="Elimina"
          tooltipOptions={{ position: 'top' }}
          data-testid="user-delete"
        />
      )}
    </span>
  );
}
