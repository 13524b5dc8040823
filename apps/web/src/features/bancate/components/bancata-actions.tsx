import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import type { Bancata } from '@gestcava/contracts';
import { DeleteConfirmDialog } from '@/components/confirm-dialog';
import { CodiceDialog } from '@/components/codice-dialog';
import { notify } from '@/lib/toast';
import { useUpdateBancata, useDeleteBancata } from '../api/bancate';
import { BancataFormDialog } from './bancata-form';

/** The bancata page's header actions, one component each: its button and what the button opens. */
export function BancataEditAction({ bancata }: { bancata: Bancata }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        label="Modifica"
        icon="pi pi-pencil"
        onClick={() => setOpen(true)}
        data-testid="bancata-edit"
      />
      {open && (
        <BancataFormDialog
          bancata={bancata}
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

/** Correcting the code (admin only). */
export function BancataCodiceAction({ bancata }: { bancata: Bancata }) {
  const update = useUpdateBancata(bancata._id);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        label="Correggi codice"
        icon="pi pi-hashtag"
        outlined
        onClick={() => setOpen(true)}
        data-testid="bancata-codice"
      />
      {open && (
        <CodiceDialog
          current={bancata.codice}
          onClose={() => setOpen(false)}
          save={(codice) => update.mutateAsync({ codice })}
        />
      )}
    </>
  );
}

/** Deleting a bancata still only pianificata. */
export function BancataDeleteAction({ bancata, backTo }: { bancata: Bancata; backTo: string }) {
  const navigate = useNavigate();
  const remove = useDeleteBancata(bancata._id);
  const [open, setOpen] = useState(false);
  const doDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        notify({ severity: 'success', summary: 'Bancata eliminata', detail: bancata.codice });
        void navigate(backTo, { replace: true });
      },
      onError: (error) => {
        setOpen(false);
        notify({ severity: 'error', summary: 'Eliminazione non riuscita', detail: error.message });
      },
    });
  return (
    <>
      <Button
        type="button"
        label="Elimina"
        icon="pi pi-trash"
        outlined
        severity="danger"
        onClick={() => setOpen(true)}
        data-testid="bancata-delete"
      />
      <DeleteConfirmDialog
        visible={open}
        title="Eliminare la bancata?"
        loading={remove.isPending}
        onConfirm={doDelete}
        onCancel={() => setOpen(false)}
        testId="confirm-bancata-delete"
      >
        <p className="m-0">
          <strong>{bancata.codice}</strong> è solo pianificata: sarà eliminata definitivamente.
        </p>
      </DeleteConfirmDialog>
    </>
  );
}
