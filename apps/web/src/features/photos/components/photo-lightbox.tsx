import { useEffect, useRef, useState } from 'react';
import { Galleria } from 'primereact/galleria';
import type { Photo } from '@gestcava/contracts';
import { formatDateTime } from '@/lib/format';
import { photoUrl, getPhoto } from '../api/photos';
import { photoAlt } from './photo-alt';

/**
 * The photos full screen (PrimeReact Galleria): the preview variant, description and date, the
 * original to download. Arrows move, Escape closes, focus goes back to the thumbnail that opened it.
 */
export function PhotoLightbox({
  photos,
  index,
  onIndexChange,
  onClose,
}: {
  photos: Photo[];
  /** the photo shown; null = closed */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  if (index === null || photos.length === 0) return null;
  return (
    <OpenLightbox
      photos={photos}
      index={Math.min(index, photos.length - 1)}
      onIndexChange={onIndexChange}
      onClose={onClose}
    />
  );
}

function OpenLightbox({
  photos,
  index,
  onIndexChange,
  onClose,
}: {
  photos: Photo[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const galleria = useRef<Galleria>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    galleria.current?.show();
  }, []);

  // Galleria moves with the arrows only when its own controls have focus: the whole screen should.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') galleria.current?.hide();
      else if (event.key === 'ArrowLeft' && index > 0) onIndexChange(index - 1);
      else if (event.key === 'ArrowRight' && index < photos.length - 1) onIndexChange(index + 1);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [index, photos.length, onIndexChange]);

  return (
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
        <LightboxCaption photo={photo} position={index + 1} count={photos.length} />
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
        mask: { 'aria-label': 'Foto a schermo intero', className: 'photo-lightbox-mask' } as object,
      }}
      data-testid="photo-lightbox"
    />
  );
}

/**
 * The preview. Signed links expire (15–30 minutes): if the image does not load, the photo is asked
 * again for fresh links once; if that fails too it is shown as unavailable.
 */
function LightboxImage({ photo }: { photo: Photo }) {
  const [fresh, setFresh] = useState<{ url: string | null } | null>(null);
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
  return (
    <img
      src={url}
      alt={photoAlt(photo)}
      className="photo-lightbox-image"
      data-testid="photo-lightbox-image"
      onError={() => {
        if (fresh) setFresh({ url: null });
        else
          void getPhoto(photo._id).then((p) =>
            setFresh({ url: p ? photoUrl(p.previewUrl) : null }),
          );
      }}
    />
  );
}

function LightboxCaption({
  photo,
  position,
  count,
}: {
  photo: Photo;
  position: number;
  count: number;
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
      <a
        href={photoUrl(photo.downloadUrl)}
        download={photo.fileName}
        className="p-button p-component p-button-sm p-button-outlined photo-lightbox-download"
      >
        <i className="pi pi-download mr-2" aria-hidden="true" />
        <span>Scarica originale</span>
      </a>
    </div>
  );
}
