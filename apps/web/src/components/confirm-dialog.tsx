import './severity.css';
import type { ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';

/** A question before an action that cannot be undone (delete, deactivate, reset). */
export interface ConfirmDialogProps {
  visible: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmIcon?: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  cancelLabel?: string;
  testId?: string;
}

export function ConfirmDialog({
  visible,
  title,
  children,
  confirmLabel,
  confirmIcon = 'pi pi-check',
  danger = false,
  loading = false,
  onConfirm,
  onCancel,
  cancelLabel = 'Annulla',
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  return (
    <Dialog
      visible={visible}
      onHide={() => {
        if (!loading) onCancel();
      }}
      header={title}
      modal
      style={{ width: '32rem' }}
      breakpoints={{ '640px': '95vw' }}
      data-testid={testId}
      footer={
        <div className="flex flex-wrap justify-content-end gap-2">
          <Button
            type="button"
            label={cancelLabel}
            outlined
            onClick={onCancel}
            disabled={loading}
            autoFocus
          />
          <Button
            type="button"
            label={confirmLabel}
            icon={confirmIcon}
            severity={danger ? 'danger' : undefined}
            loading={loading}
            onClick={onConfirm}
            data-testid={`${testId}-confirm`}
          />
        </div>
      }
    >
      {children}
    </Dialog>
  );
}

/** The server refused a delete because the record is in use: its reason, and deactivating instead. */
export function DeleteConflictDialog({
  message,
  consequence,
  onDeactivate,
  ...dialog
}: Pick<Parameters<typeof ConfirmDialog>[0], 'visible' | 'loading' | 'onCancel' | 'testId'> & {
  message: string;
  /** what deactivating means for this kind of record */
  consequence: ReactNode;
  onDeactivate: () => void;
}) {
  return (
    <ConfirmDialog
      {...dialog}
      title="Impossibile eliminare"
      confirmLabel="Disattiva"
      confirmIcon="pi pi-ban"
      cancelLabel="Chiudi"
      onConfirm={onDeactivate}
    >
      <p className="mt-0">{message}</p>
      <p className="mb-0">{consequence}</p>
    </ConfirmDialog>
  );
}

/** The question before deleting a record: "Elimina" in red. */
export function DeleteConfirmDialog(
  props: Omit<ConfirmDialogProps, 'confirmLabel' | 'confirmIcon' | 'danger'>,
) {
  return <ConfirmDialog {...props} confirmLabel="Elimina" confirmIcon="pi pi-trash" danger />;
}
