import { useNavigate } from 'react-router';
import { CATEGORIA_LABELS, SCELTA_LABELS, type Blocco } from '@gestcava/contracts';
import { DeleteConfirmDialog } from '@/components/confirm-dialog';
import { CodiceDialog } from '@/components/codice-dialog';
import { notify } from '@/lib/toast';
import { useUpdateBlocco, useDeleteBlocco, type BloccoKind } from '../api/blocchi';
import { BloccoFormDialog } from './blocco-form';
import { DeclassaDialog } from './declassa-dialog';

/** What the blocco page's header actions open, one component each (the buttons: HeaderActions). */
interface ActionProps {
  kind: BloccoKind;
  blocco: Blocco;
  onClose: () => void;
}

export function BloccoEditDialog({ kind, blocco, onClose }: ActionProps) {
  return (
    <BloccoFormDialog
      kind={kind}
      blocco={blocco}
      onClose={onClose}
      onSaved={() => {
        onClose();
        notify({ severity: 'success', summary: 'Modifiche salvate' });
      }}
    />
  );
}

export function BloccoDeclassaDialog({ kind, blocco, onClose }: ActionProps) {
  return (
    <DeclassaDialog
      kind={kind}
      blocco={blocco}
      onClose={onClose}
      onDone={(saved) => {
        onClose();
        notify({
          severity: 'success',
          summary: 'Blocco declassato',
          detail: `${saved.codice}: ${SCELTA_LABELS[saved.scelta]}, ${CATEGORIA_LABELS[saved.categoria]}`,
        });
      }}
    />
  );
}

/** Correcting the code (admin only): the code is the block's name on paper, so it asks for the new one. */
export function BloccoCodiceDialog({ kind, blocco, onClose }: ActionProps) {
  const update = useUpdateBlocco(kind, blocco._id);
  return (
    <CodiceDialog
      current={blocco.codice}
      onClose={onClose}
      save={(codice) => update.mutateAsync({ codice })}
    />
  );
}

export function BloccoDeleteDialog({
  kind,
  blocco,
  backTo,
  onClose,
}: ActionProps & { backTo: string }) {
  const navigate = useNavigate();
  const remove = useDeleteBlocco(kind, blocco._id);
  const doDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        onClose();
        notify({ severity: 'success', summary: 'Blocco eliminato', detail: blocco.codice });
        void navigate(backTo, { replace: true });
      },
      onError: (error) => {
        onClose();
        notify({ severity: 'error', summary: 'Eliminazione non riuscita', detail: error.message });
      },
    });
  return (
    <DeleteConfirmDialog
      visible
      title={`Eliminare ${blocco.codice}?`}
      loading={remove.isPending}
      onConfirm={doDelete}
      onCancel={onClose}
      testId="confirm-blocco-delete"
    >
      <p className="m-0">
        Il blocco sarà eliminato definitivamente, con il suo storico visibile solo nei registri. Se
        altri dati lo usano (lavorazioni, collaudi) non si può eliminare.
      </p>
    </DeleteConfirmDialog>
  );
}
