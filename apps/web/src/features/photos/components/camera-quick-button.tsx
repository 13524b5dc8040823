import { useCallback, useRef } from 'react';
import { Button } from 'primereact/button';
import { PHOTO_ACCEPT } from '@gestcava/contracts';
import { notify } from '@/lib/toast';
import type { PhotoEntity } from '../api/keys';
import { usePhotoUploads } from './use-photo-uploads';
import type { UploadItem } from './upload-queue';

/**
 * The yard's one-tap photo (issue 18): the phone's camera opens at once and the picture is uploaded
 * to the item as soon as it is taken, with a word when it arrived (or why not).
 */
export function CameraQuickButton({ entity, className }: { entity: PhotoEntity; className?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const onDrained = useCallback(
    (list: UploadItem[]) => {
      // the picture just taken is the last one of the queue
      const last = list.at(-1);
      if (last?.status === 'done') notify({ severity: 'success', summary: 'Foto caricata', detail: entity.codice });
      else if (last?.status === 'error' || last?.status === 'invalid') notify({ severity: 'error', summary: 'Foto non caricata', detail: last.message ?? undefined });
    },
    [entity.codice],
  );
  const { items, queue } = usePhotoUploads(entity, onDrained);
  const busy = items.some((i) => i.status === 'queued' || i.status === 'uploading');
  return (
    <>
      <Button type="button" label="Foto" icon="pi pi-camera" className={className} loading={busy} onClick={() => input.current?.click()} data-testid="quick-photo" />
      <input
        ref={input}
        type="file"
        accept={PHOTO_ACCEPT}
        capture="environment"
        hidden
        aria-label={`Scatta una foto di ${entity.codice}`}
        data-testid="quick-photo-input"
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
