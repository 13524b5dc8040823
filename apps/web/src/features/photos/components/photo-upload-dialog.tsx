import { useId, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { PHOTO_DESCRIPTION_MAX } from '@gestcava/contracts';
import { FormAlert } from '@/components/form/form-alert';
import { notify } from '@/lib/toast';
import type { PhotoEntity } from '../api/photos';
import { uploadRequestProblem } from './photo-checks';
import { usePhotoUploads } from './use-photo-uploads';
import { PhotoDropZone } from './photo-drop-zone';
import { UploadRow } from './photo-upload-row';

/**
 * "Carica foto": files dropped or chosen (or taken with the tablet's camera), checked at once,
 * an optional description, then one request per file with its own progress bar, cancel and retry.
 * The dialog stays open while files travel; it closes by itself when all of them arrived.
 */
export function PhotoUploadDialog({
  entity,
  onClose,
}: {
  entity: PhotoEntity;
  onClose: () => void;
}) {
  const ids = useId();
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [askDiscard, setAskDiscard] = useState(false);
  const { items, queue } = usePhotoUploads(entity, (list) => {
    const done = list.filter((i) => i.status === 'done').length;
    // kept on the device while offline: each said so in its own toast
    const stored = list.filter((i) => i.status === 'stored').length;
    if (done + stored === list.length) {
      if (done > 0)
        notify({
          severity: 'success',
          summary: done === 1 ? 'Foto caricata' : `${done} foto caricate`,
          detail: entity.codice,
        });
      onClose();
    }
  });
  const busy = items.some((i) => i.status === 'queued' || i.status === 'uploading');
  const ready = items.filter((i) => i.status === 'ready');
  // chosen and not (yet) on the server: closing would lose them without a word
  const unsent = items.filter((i) => i.status === 'ready' || i.status === 'error').length;
  const requestClose = () => {
    if (busy) return;
    if (unsent > 0) setAskDiscard(true);
    else onClose();
  };

  const addFiles = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setProblem(null);
    queue.add(Array.from(files));
  };
  const send = () => {
    const reason = uploadRequestProblem({
      entityType: entity.entityType,
      entityId: entity.entityId,
      fileCount: ready.length,
    });
    setProblem(reason);
    if (!reason) queue.start(description);
  };

  const footer = busy ? (
    <Button
      type="button"
      label="Annulla caricamenti"
      icon="pi pi-times"
      outlined
      severity="danger"
      onClick={() => queue.cancelAll()}
      data-testid="photo-upload-cancel-all"
    />
  ) : (
    <div className="flex flex-wrap justify-content-end gap-2">
      <Button type="button" label="Chiudi" outlined onClick={requestClose} />
      <Button
        type="button"
        label={ready.length > 0 ? `Carica ${ready.length} foto` : 'Carica'}
        icon="pi pi-upload"
        onClick={send}
        data-testid="photo-upload-send"
      />
    </div>
  );

  return (
    <Dialog
      visible
      header={`Carica foto · ${entity.codice}`}
      onHide={requestClose}
      closable={!busy}
      modal
      style={{ width: '40rem' }}
      breakpoints={{ '640px': '95vw' }}
      footer={footer}
      data-testid="photo-upload-dialog"
    >
      <PhotoDropZone busy={busy} onFiles={addFiles} />

      <label htmlFor={`${ids}-description`} className="block mt-3 mb-1">
        Descrizione (facoltativa)
      </label>
      <InputTextarea
        id={`${ids}-description`}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        rows={2}
        maxLength={PHOTO_DESCRIPTION_MAX}
        className="w-full"
        disabled={busy}
        data-testid="photo-description"
      />

      <FormAlert message={problem} testId="photo-upload-error" />

      {items.length > 0 && (
        <ul className="photo-upload-list" aria-label="Foto da caricare">
          {items.map((item) => (
            <UploadRow
              key={item.key}
              item={item}
              onCancel={(k) => queue.cancel(k)}
              onRetry={(k) => queue.retry(k)}
              onRemove={(k) => queue.remove(k)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        visible={askDiscard}
        title="Scartare le foto scelte?"
        confirmLabel="Scarta le foto"
        confirmIcon="pi pi-trash"
        danger
        cancelLabel="Continua a caricare"
        onConfirm={onClose}
        onCancel={() => setAskDiscard(false)}
        testId="photo-discard-dialog"
      >
        {unsent === 1
          ? 'Una foto scelta non è stata caricata'
          : `${unsent} foto scelte non sono state caricate`}
        : chiudendo si perdono.
      </ConfirmDialog>
    </Dialog>
  );
}
