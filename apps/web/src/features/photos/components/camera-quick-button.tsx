import { useCallback, useRef } from 'react';
import { Button } from 'primereact/button';
import { PHOTO_ACCEPT } from '@gestcava/contracts';
import { notify } from '@/lib/toast';
import type { PhotoEntity } from '../api/photos';
import { usePhotoUploads } from './use-photo-uploads';
import type { UploadItem } from './upload-queue';

/**
 * The yard's one-tap photo: the phone's camera opens at once and the picture is uploaded
 * to the item as soon as it is taken, with a word when it arrived (or why not).
 */
export function CameraQuickButton({
  entity,
  className,
  label = 'Foto',
  what = entity.codice,
  testId = 'quick-photo',
}: {
  entity: PhotoEntity;
  className?: string;
  label?: string;
  /** what the photo shows, for the button's name and the toast (the entity's code by default) */
  what?: string;
  testId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const onDrained = useCallback(
    (list: UploadItem[]) => {
      // the picture just taken is the last one of the queue
      const last = list.at(-1);
      if (last?.status === 'done')
        notify({ severity: 'success', summary: 'Foto caricata', detail: what });
      else if (last?.status === 'error' || last?.status === 'invalid')
        notify({
          severity: 'error',
          summary: 'Foto non caricata',
          detail: last.message ?? undefined,
        });
    },
    [what],
  );
  const { items, queue } = usePhotoUploads(entity, onDrained);
  const busy = items.some((i) => i.status === 'queued' || i.status === 'uploading');
  return (
    <>
      <Button
        type="button"
        label={label}
        icon="pi pi-camera"
        className={className}
        loading={busy}
        onClick={() => input.current?.click()}
        data-testid={testId}
      />
      <input
        ref={input}
        type="file"
        accept={PHOTO_ACCEPT}
        capture="environment"
        hidden
        aria-label={`Scatta una foto di ${what}`}
        data-testid={`${testId}-input`}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length === 0) return;
          queue.add(files);
          queue.start('');
        }}
      />
    </>
  );
}
