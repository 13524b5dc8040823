import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Button } from 'primereact/button';
import { PHOTO_ACCEPT, PHOTO_FORMATS_LABEL, PHOTO_MAX_FILES } from '@gestcava/contracts';
import { useMediaQuery } from '@/components/list/use-media-query';

/** A touch screen (tablet, phone): there the camera button makes sense. */
const TOUCH_QUERY = '(pointer: coarse)';

/** Where photos come in: dropped, chosen among the files, or taken with the tablet's camera. */
export function PhotoDropZone({
  busy,
  onFiles,
}: {
  /** files are travelling: no new choice until they arrive */
  busy: boolean;
  onFiles: (files: FileList | null) => void;
}) {
  const pickInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const touch = useMediaQuery(TOUCH_QUERY);
  const [dragging, setDragging] = useState(false);
  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    onFiles(e.target.files);
    // The same file can be chosen again after it was removed.
    e.target.value = '';
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    onFiles(e.dataTransfer.files);
  };
  return (
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
  );
}
