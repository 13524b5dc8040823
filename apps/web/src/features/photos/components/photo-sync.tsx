import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { formatDateTime, formatInteger } from '@/lib/format';
import { notify } from '@/lib/toast';
import { photoKeys, photoErrorMessage, usePhotoSyncStatus, useStartPhotoSync } from '../api/photos';

/**
 * Admin only: reconciles the database with the uploads folder (photos dropped in the inbox by the
 * mobile app or FTP are imported, missing files flagged, orphans counted) and shows how it went.
 */
export function PhotoSync() {
  const status = usePhotoSyncStatus();
  const start = useStartPhotoSync();
  const queryClient = useQueryClient();
  const running = status.data?.running ?? false;
  const wasRunning = useRef(running);

  // When a sync ends, imported photos and flags show up in the lists.
  useEffect(() => {
    if (wasRunning.current && !running)
      void queryClient.invalidateQueries({ queryKey: photoKeys.all });
    wasRunning.current = running;
  }, [running, queryClient]);

  const onStart = () =>
    start.mutate(undefined, {
      onError: (error) =>
        notify({
          severity: 'error',
          summary: 'Sincronizzazione non avviata',
          detail: photoErrorMessage(error),
        }),
    });

  const s = status.data;
  return (
    <div className="photo-sync" data-testid="photo-sync">
      <Button
        type="button"
        label="Sincronizza cartelle"
        icon="pi pi-sync"
        outlined
        onClick={onStart}
        loading={start.isPending || running}
        disabled={running}
      />
      {running && (
        <ProgressBar
          mode="indeterminate"
          className="photo-sync-progress"
          aria-label="Sincronizzazione in corso"
        />
      )}
      {s?.finishedAt && !running && (
        <div className="photo-sync-result" role="status">
          Sincronizzazione del {formatDateTime(s.finishedAt)}: {formatInteger(s.imported)}{' '}
          importate, {formatInteger(s.missing)} file mancanti, {formatInteger(s.orphans)} file
          orfani
          {s.errors.length > 0 && (
            <details>
              <summary>{formatInteger(s.errors.length)} file non importati</summary>
              <ul>
                {s.errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
    </div>
  );
}
