import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Dialog } from 'primereact/dialog';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { ProgressBar } from 'primereact/progressbar';
import {
  PHOTO_ACCEPT,
  PHOTO_DESCRIPTION_MAX,
  PHOTO_FORMATS_LABEL,
  PHOTO_MAX_FILES,
} from '@gestcava/contracts';
import { FormAlert } from '@/components/form/form-alert';
import { useMediaQuery } from '@/components/list/use-media-query';
import { formatNumber } from '@/lib/format';
import { notify } from '@/lib/toast';
import type { PhotoEntity } from '../api/photos';
import { uploadRequestProblem } from './photo-checks';
import { usePhotoUploads } from './use-photo-uploads';
import type { UploadItem, UploadStatus } from './upload-queue';

/** A touch screen (tablet, phone): there the camera button makes sense. */
const TOUCH_QUERY = '(pointer: coarse)';

const STATUS_LABELS: Record<UploadStatus, string> = {
  ready: 'Pronta',
  invalid: 'Non caricabile',
  queued: 'In attesa',
  uploading: 'In caricamento',
  done: 'Caricata',
  stored: 'Sul dispositivo',
  error: 'Non riuscita',
  cancelled: 'Annullata',
};

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${formatNumber(bytes / 1024 / 1024, 1)} MB`
    : `${formatNumber(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
}

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
  const pickInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const touch = useMediaQuery(TOUCH_QUERY);
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
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
  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    addFiles(e.target.files);
    // The same file can be chosen again after it was removed.
    e.target.value = '';
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    addFiles(e.dataTransfer.files);
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
      <div
        className={`photo-drop${dragging ? ' photo-drop-active' : ''}`}
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => e.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="photo-drop"
      >
        <i className="pi pi-cloud-upload photo-drop-icon" aria-hidden="true" />
        <p className="m-0">Trascina qui le foto oppure</p>
        <div className="flex flex-wrap justify-content-center gap-2">
          <Button
            type="button"
            label="Scegli foto"
            icon="pi pi-images"
            onClick={() => pickInput.current?.click()}
            disabled={busy}
          />
          {touch && (
            <Button
              type="button"
              label="Scatta foto"
              icon="pi pi-camera"
              outlined
              onClick={() => cameraInput.current?.click()}
              disabled={busy}
            />
          )}
        </div>
        <p className="m-0 photo-drop-hint">
          {PHOTO_FORMATS_LABEL}, al massimo 25 MB per foto e {PHOTO_MAX_FILES} foto per volta.
        </p>
        <input
          ref={pickInput}
          type="file"
          accept={PHOTO_ACCEPT}
          multiple
          hidden
          onChange={onPick}
          aria-label="Scegli foto"
          data-testid="photo-file-input"
        />
        <input
          ref={cameraInput}
          type="file"
          accept={PHOTO_ACCEPT}
          capture="environment"
          hidden
          onChange={onPick}
          aria-label="Scatta foto"
        />
      </div>

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

function UploadRow({
  item,
  onCancel,
  onRetry,
  onRemove,
}: {
  item: UploadItem;
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
  onRemove: (key: string) => void;
}) {
  const name = item.file.name;
  const travelling = item.status === 'queued' || item.status === 'uploading';
  return (
    <li
      className={`photo-upload-item photo-upload-${item.status}`}
      data-testid="photo-upload-item"
      data-status={item.status}
    >
      <div className="photo-upload-head">
        <span className="photo-upload-name" title={name}>
          {name}
        </span>
        <span className="photo-upload-size">{formatSize(item.file.size)}</span>
        <span className="photo-upload-status">
          {item.status === 'uploading' ? `${item.percent}%` : STATUS_LABELS[item.status]}
        </span>
        {travelling && (
          <Button
            type="button"
            icon="pi pi-times"
            text
            rounded
            size="small"
            aria-label={`Annulla ${name}`}
            onClick={() => onCancel(item.key)}
          />
        )}
        {(item.status === 'error' || item.status === 'cancelled') && (
          <Button
            type="button"
            icon="pi pi-refresh"
            text
            rounded
            size="small"
            aria-label={`Riprova ${name}`}
            onClick={() => onRetry(item.key)}
          />
        )}
        {!travelling && item.status !== 'done' && item.status !== 'stored' && (
          <Button
            type="button"
            icon="pi pi-trash"
            text
            rounded
            size="small"
            aria-label={`Togli ${name}`}
            onClick={() => onRemove(item.key)}
          />
        )}
      </div>
      {travelling && (
        <ProgressBar
          value={item.percent}
          showValue={false}
          className="photo-upload-progress"
          aria-label={`Caricamento di ${name}`}
          data-testid="photo-upload-progress"
        />
      )}
      {item.message && (
        <p className="photo-upload-message" role={item.status === 'error' ? 'alert' : undefined}>
          {item.message}
        </p>
      )}
    </li>
  );
}
