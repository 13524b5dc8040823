import { useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Galleria } from 'primereact/galleria';
import { PHOTO_TIMEOUTS, type Photo } from '@gestcava/contracts';
import { SegniImage } from '@/components/segni/segni-image';
import { apiDownload } from '@/lib/api';
import { saveBlob, useDownloadButtons } from '@/lib/download';
import { formatDateTime } from '@/lib/format';
import { photoUrl, getPhoto } from '../api/photos';
import { usePhotoSegni } from '../api/segni';
import { photoAlt } from './photo-alt';
import { SegniEditor } from './segni-editor';

interface LightboxProps {
  photos: Photo[];
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** whether the user may mark defects on this photo (write on its entity's page) */
  canMark?: (photo: Photo) => boolean;
}

/**
 * The photos full screen (PrimeReact Galleria): the preview variant with its marked defects and
 * their legend, description and date, the original to download, and **Segna difetti** for a user
 * who may write the photo's entity. Arrows move, Escape closes, focus goes back to the thumbnail
 * that opened it.
 */
export function PhotoLightbox({
  index,
  ...props
}: LightboxProps & {
  /** the photo shown; null = closed */
  index: number | null;
}) {
  if (index === null || props.photos.length === 0) return null;
  return <OpenLightbox {...props} index={Math.min(index, props.photos.length - 1)} />;
}

function OpenLightbox({
  photos,
  index,
  onIndexChange,
  onClose,
  canMark,
}: LightboxProps & { index: number }) {
  const galleria = useRef<Galleria>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [marking, setMarking] = useState<Photo | null>(null);

  useEffect(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    galleria.current?.show();
  }, []);

  // Galleria moves with the arrows only when its own controls have focus: the whole screen should.
  useEffect(() => {
    // the editor's own dialog has the keys while it is open
    if (marking) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') galleria.current?.hide();
      else if (event.key === 'ArrowLeft' && index > 0) onIndexChange(index - 1);
      else if (event.key === 'ArrowRight' && index < photos.length - 1) onIndexChange(index + 1);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [index, photos.length, onIndexChange, marking]);

  return (
    <>
      <Galleria
        ref={galleria}
        value={photos}
        activeIndex={index}
        onItemChange={(e) => onIndexChange(e.index)}
        fullScreen
        showThumbnails={false}
        showItemNavigators={photos.length > 1}
        item={(photo: Photo) => <LightboxImage key={photo._id} photo={photo} />}
        caption={(photo: Photo) => (
          <LightboxCaption
            photo={photo}
            position={index + 1}
            count={photos.length}
            onMark={canMark?.(photo) ? () => setMarking(photo) : undefined}
          />
        )}
        onShow={() =>
          document.querySelector<HTMLElement>('.photo-lightbox .p-galleria-close')?.focus()
        }
        onHide={() => {
          onClose();
          opener.current?.focus();
        }}
        className="photo-lightbox"
        pt={{
          mask: {
            'aria-label': 'Foto a schermo intero',
            className: 'photo-lightbox-mask',
          } as object,
          previousItemButton: { 'aria-label': 'Foto precedente' } as object,
          nextItemButton: { 'aria-label': 'Foto successiva' } as object,
        }}
        data-testid="photo-lightbox"
      />
      {marking && <SegniEditorLoader photo={marking} onClose={() => setMarking(null)} />}
    </>
  );
}

/** The editor once the saved marks are known (none to fetch for a photo without marks). */
function SegniEditorLoader({ photo, onClose }: { photo: Photo; onClose: () => void }) {
  const saved = usePhotoSegni(photo._id, photo.nSegni > 0);
  if (photo.nSegni > 0 && !saved.data) return null;
  return <SegniEditor photo={photo} initial={saved.data ?? []} onClose={onClose} />;
}

/**
 * The preview. Signed links expire (15–30 minutes): if the image does not load, the photo is asked
 * again for fresh links once; if that fails too it is shown as unavailable.
 */
function LightboxImage({ photo }: { photo: Photo }) {
  const [fresh, setFresh] = useState<{ url: string | null } | null>(null);
  const segni = usePhotoSegni(photo._id, photo.nSegni > 0);
  const url = fresh ? fresh.url : photoUrl(photo.previewUrl);
  if (url === null || photo.fileMissing) {
    return (
      <div
        className="photo-lightbox-missing"
        role="img"
        aria-label={`${photoAlt(photo)}: anteprima non disponibile`}
      >
        <i className="pi pi-image" aria-hidden="true" />
        <span>Anteprima non disponibile</span>
      </div>
    );
  }
  const onError = () => {
    if (fresh) setFresh({ url: null });
    else void getPhoto(photo._id).then((p) => setFresh({ url: p ? photoUrl(p.previewUrl) : null }));
  };
  if (photo.nSegni > 0 && segni.data)
    return (
      <SegniImage
        src={url}
        alt={photoAlt(photo)}
        width={photo.width}
        height={photo.height}
        segni={segni.data}
        fill
        onImageError={onError}
        className="photo-lightbox-segni"
      />
    );
  return (
    <img
      src={url}
      alt={photoAlt(photo)}
      className="photo-lightbox-image"
      data-testid="photo-lightbox-image"
      onError={onError}
    />
  );
}

function LightboxCaption({
  photo,
  position,
  count,
  onMark,
}: {
  photo: Photo;
  position: number;
  count: number;
  onMark?: () => void;
}) {
  return (
    <div className="photo-lightbox-caption">
      <div className="photo-lightbox-text">
        <strong>{photo.description?.trim() || photo.codice || 'Foto'}</strong>
        <span>
          {formatDateTime(photo.takenAt ?? photo.createdAt)}
          {photo.userName ? ` · ${photo.userName}` : ''} · {position} di {count}
        </span>
      </div>
      <div className="photo-lightbox-actions">
        {onMark && (
          <Button
            type="button"
            label="Segna difetti"
            icon="pi pi-pencil"
            size="small"
            onClick={onMark}
            data-testid="segni-open"
          />
        )}
        <a
          href={photoUrl(photo.downloadUrl)}
          download={photo.fileName}
          className="p-button p-component p-button-sm p-button-outlined photo-lightbox-download"
        >
          <i className="pi pi-download mr-2" aria-hidden="true" />
          <span>Scarica originale</span>
        </a>
        {photo.nSegni > 0 && <DownloadWithSegni photo={photo} />}
      </div>
    </div>
  );
}

/** The JPEG with the marks drawn in: a bearer call (the file is made on request), saved as a blob. */
function DownloadWithSegni({ photo }: { photo: Photo }) {
  const button = useDownloadButtons('Download non riuscito', async () => {
    const { blob, fileName } = await apiDownload(
      `/photos/downloadSinglePhoto/${encodeURIComponent(photo._id)}?segni=1`,
      { timeoutMs: PHOTO_TIMEOUTS.download },
    );
    saveBlob(blob, fileName ?? 'foto_segni.jpg');
  });
  return (
    <Button
      {...button('segni')}
      label="Scarica con i segni"
      icon="pi pi-download"
      size="small"
      className="photo-lightbox-download"
    />
  );
}
