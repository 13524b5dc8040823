import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { CATEGORIA_LABELS, SCELTA_LABELS, type Blocco } from '@gestcava/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CodiceDialog } from '@/components/codice-dialog';
import { notify } from '@/lib/toast';
import { useUpdateBlocco } from '../api/update-blocco';
import { useDeleteBlocco } from '../api/delete-blocco';
import type { BloccoKind } from '../api/keys';
import { BloccoFormDialog } from './blocco-form';
import { DeclassaDialog } from './declassa-dialog';

/** The blocco page's header actions, one component each: its button and what the button opens. */
interface ActionProps {
  kind: BloccoKind;
  blocco: Blocco;
}

export function BloccoEditAction({ kind, blocco }: ActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" label="Modifica" icon="pi pi-pencil" onClick={() => setOpen(true)} data-testid="blocco-edit" />
      {open && (
        <BloccoFormDialog
          kind={kind}
          blocco={blocco}
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            notify({ severity: 'success', summary: 'Modifiche salvate' });
          }}
        />
      )}
    </>
  );
}

export function BloccoDeclassaAction({ kind, blocco }: ActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" label="Declassa" icon="pi pi-arrow-down" outlined severity="warning" onClick={() => setOpen(true)} data-testid="blocco-declassa" />
      {open && (
        <DeclassaDialog
          kind={kind}
          blocco={blocco}
          onClose={() => setOpen(false)}
          onDone={(saved) => {
            setOpen(false);
            notify({ severity: 'success', summary: 'Blocco declassato', detail: `${saved.codice}: ${SCELTA_LABELS[saved.scelta]}, ${CATEGORIA_LABELS[saved.categoria]}` });
          }}
        />
      )}
    </>
  );
}

/** Correcting the code (admin only): the code is the block's name on paper, so it asks for the new one. */
export function BloccoCodiceAction({ kind, blocco }: ActionProps) {
  const update = useUpdateBlocco(kind, blocco._id);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" label="Correggi codice" icon="pi pi-hashtag" outlined onClick={() => setOpen(true)} data-testid="blocco-codice" />
      {open && <CodiceDialog current={blocco.codice} onClose={() => setOpen(false)} save={(codice) => update.mutateAsync({ codice })} />}
    </>
  );
}

export function BloccoDeleteAction({ kind, blocco, backTo }: ActionProps & { backTo: string }) {
  const navigate = useNavigate();
  const remove = useDeleteBlocco(kind, blocco._id);
  const [open, setOpen] = useState(false);
  const doDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        notify({ severity: 'success', summary: 'Blocco eliminato', detail: blocco.codice });
        void navigate(backTo, { replace: true });
      },
      onError: (error) => {
        setOpen(false);
        notify({ severity: 'error', summary: 'Eliminazione non riuscita', detail: error.message });
      },
    });
  return (
    <>
      <Button type="button" label="Elimina" icon="pi pi-trash" outlined severity="danger" onClick={() => setOpen(true)} data-testid="blocco-delete" />
      <ConfirmDialog
        visible={open}
        title={`Eliminare ${blocco.codice}?`}
        confirmLabel="Elimina"
        confirmIcon="pi pi-trash"
        danger
        loading={remove.isPending}
        onConfirm={doDelete}
        onCancel={() => setOpen(false)}
        testId="confirm-blocco-delete"
      >
        <p className="m-0">
          Il blocco sarà eliminato definitivamente, con il suo storico visibile solo nei registri. Se altri dati lo usano (lavorazioni,
          collaudi) non si può eliminare.
        </p>
      </ConfirmDialog>
    </>
  );
}
