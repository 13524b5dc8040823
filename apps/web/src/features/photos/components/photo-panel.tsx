import './photos.css';
import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import type { Photo } from '@gestcava/contracts';
import { ConfirmDialog, DeleteConfirmDialog } from '@/components/confirm-dialog';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useOnline } from '@/lib/offline/network';
import {
  photoUrl,
  type PhotoEntity,
  useEntityPhotos,
  useDeleteEntityPhotos,
  useDeletePhoto,
  photoErrorMessage,
} from '../api/photos';
import { PhotoLightbox } from './photo-lightbox';
import { photoAlt } from './photo-alt';
import { PhotoThumbButton } from './photo-thumb';
import { PhotoUploadDialog } from './photo-upload-dialog';

/**
 * The "Foto" section of a detail page (docs/screens.md): thumbnails newest first, the full-screen
 * viewer, each original and all of them as one zip to download, and — for a user who may write
 * the entity's page — upload with progress and delete (one, or all) after a confirmation.
 */
export function PhotoPanel({ entity, writable }: { entity: PhotoEntity; writable: boolean }) {
  const list = useEntityPhotos(entity.entityType, entity.entityId);
  const removeOne = useDeletePhoto();
  const removeAll = useDeleteEntityPhotos(entity.entityType, entity.entityId);
  const [uploading, setUploading] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [askDelete, setAskDelete] = useState<Photo | null>(null);
  const [askDeleteAll, setAskDeleteAll] = useState(false);
  const photos = list.data?.photos ?? [];
  const zipUrl = list.data?.zipUrl ?? null;
  const titleId = `photos-title-${entity.entityId}`;
  // the network is back: the photos the device could not ask for are asked now
  const online = useOnline();
  const unreachable = list.data?.offline === true;
  const { refetch } = list;
  useEffect(() => {
    if (online && unreachable) void refetch();
  }, [online, unreachable, refetch]);

  const doDelete = (photo: Photo) =>
    removeOne.mutate(photo._id, {
      onSuccess: () =>
        notify({ severity: 'success', summary: 'Foto eliminata', detail: photoAlt(photo) }),
      onError: (error) =>
        notify({
          severity: 'error',
          summary: 'Eliminazione non riuscita',
          detail: photoErrorMessage(error),
        }),
      onSettled: () => setAskDelete(null),
    });
  const doDeleteAll = () =>
    removeAll.mutate(undefined, {
      onSuccess: ({ deleted }) =>
        notify({
          severity: 'success',
          summary: deleted === 1 ? '1 foto eliminata' : `${deleted} foto eliminate`,
          detail: entity.codice,
        }),
      onError: (error) =>
        notify({
          severity: 'error',
          summary: 'Eliminazione non riuscita',
          detail: photoErrorMessage(error),
        }),
      onSettled: () => setAskDeleteAll(false),
    });

  const uploadButton = writable && (
    <Button
      type="button"
      label="Carica foto"
      icon="pi pi-upload"
      size="small"
      onClick={() => setUploading(true)}
      data-testid="photo-upload-open"
    />
  );

  return (
    <section
      className="card photo-panel"
      aria-labelledby={titleId}
      data-testid="photos-section"
      data-entity-type={entity.entityType}
      data-entity-id={entity.entityId}
    >
      <div className="photo-panel-head">
        <h2 id={titleId} className="card-title m-0">
          <i className="pi pi-images mr-2" aria-hidden="true" />
          Foto{photos.length > 0 ? ` (${photos.length})` : ''}
        </h2>
        <div className="photo-panel-actions">
          {uploadButton}
          {zipUrl && photos.length > 0 && (
            <a
              href={photoUrl(zipUrl)}
              download
              className="p-button p-component p-button-sm p-button-outlined"
              data-testid="photo-download-zip"
            >
              <i className="pi pi-download mr-2" aria-hidden="true" />
              <span>Scarica tutte (zip)</span>
            </a>
          )}
          {writable && photos.length > 0 && (
            <Button
              type="button"
              label="Elimina tutte"
              icon="pi pi-trash"
              size="small"
              outlined
              severity="danger"
              onClick={() => setAskDeleteAll(true)}
              data-testid="photo-delete-all"
            />
          )}
        </div>
      </div>

      {list.isPending ? (
        <div className="photo-grid" aria-busy="true" aria-label="Caricamento delle foto">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="photo-skeleton" height="auto" />
          ))}
        </div>
      ) : list.data?.offline ? (
        <div className="photo-empty" data-testid="photos-offline">
          <i className="pi pi-wifi" aria-hidden="true" />
          <p className="m-0">
            Le foto non sono disponibili offline: si vedono quando torna la rete
            {writable ? ' (quelle scattate ora restano in attesa sul dispositivo)' : ''}.
          </p>
        </div>
      ) : photos.length === 0 ? (
        <div className="photo-empty" data-testid="photos-empty">
          <i className="pi pi-camera" aria-hidden="true" />
          <p className="m-0">{writable ? 'Nessuna foto: carica la prima' : 'Nessuna foto'}</p>
        </div>
      ) : (
        <ul className="photo-grid" aria-label={`Foto di ${entity.codice}`}>
          {photos.map((photo, index) => (
            <PhotoTile
              key={photo._id}
              photo={photo}
              onOpen={() => setViewing(index)}
              onDelete={writable ? () => setAskDelete(photo) : undefined}
            />
          ))}
        </ul>
      )}

      <PhotoLightbox
        photos={photos}
        index={viewing}
        onIndexChange={setViewing}
        onClose={() => setViewing(null)}
        canMark={writable ? () => true : undefined}
      />
      {uploading && <PhotoUploadDialog entity={entity} onClose={() => setUploading(false)} />}

      <DeleteConfirmDialog
        visible={askDelete !== null}
        title="Eliminare la foto?"
        loading={removeOne.isPending}
        onConfirm={() => askDelete && doDelete(askDelete)}
        onCancel={() => setAskDelete(null)}
        testId="confirm-photo-delete"
      >
        {askDelete && (
          <div className="photo-confirm">
            <img src={photoUrl(askDelete.thumbnailUrl)} alt="" className="photo-confirm-thumb" />
            <p className="m-0">
              <strong>{photoAlt(askDelete)}</strong> (
              {formatDate(askDelete.takenAt ?? askDelete.createdAt)}) sarà eliminata
              definitivamente, con il suo file.
            </p>
          </div>
        )}
      </DeleteConfirmDialog>
      <ConfirmDialog
        visible={askDeleteAll}
        title="Eliminare tutte le foto?"
        confirmLabel={`Elimina ${photos.length} foto`}
        confirmIcon="pi pi-trash"
        danger
        loading={removeAll.isPending}
        onConfirm={doDeleteAll}
        onCancel={() => setAskDeleteAll(false)}
        testId="confirm-photo-delete-all"
      >
        <p className="m-0">
          Tutte le {photos.length} foto di <strong>{entity.codice}</strong> saranno eliminate
          definitivamente, con i loro file.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function PhotoTile({
  photo,
  onOpen,
  onDelete,
}: {
  photo: Photo;
  onOpen: () => void;
  onDelete?: () => void;
}) {
  const alt = photoAlt(photo);
  return (
    <li className="photo-tile" data-testid="photo-tile">
      <PhotoThumbButton photo={photo} alt={alt} onOpen={onOpen} />
      <div className="photo-tile-bar">
        <span className="photo-tile-date">{formatDate(photo.takenAt ?? photo.createdAt)}</span>
        {photo.nSegni > 0 && (
          <span className="photo-segni-badge" data-testid="photo-segni-count">
            <i className="pi pi-pencil" aria-hidden="true" />
            {photo.nSegni}
            <span className="p-hidden-accessible">
              {photo.nSegni === 1 ? ' difetto segnato' : ' difetti segnati'}
            </span>
          </span>
        )}
        <a
          href={photoUrl(photo.downloadUrl)}
          download={photo.fileName}
          className="p-button p-component p-button-text p-button-sm p-button-icon-only"
          aria-label={`Scarica ${alt}`}
        >
          <i className="pi pi-download" aria-hidden="true" />
        </a>
        {onDelete && (
          <Button
            type="button"
            icon="pi pi-trash"
            text
            size="small"
            severity="danger"
            aria-label={`Elimina ${alt}`}
            onClick={onDelete}
            data-testid="photo-delete"
          />
        )}
      </div>
    </li>
  );
}
