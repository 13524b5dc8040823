import type { Photo } from '@gestcava/contracts';
import { photoUrl } from '../api/photos';

/** The thumbnail that opens the lightbox, in the panel and in the gallery; a file the sync found gone says so. */
export function PhotoThumbButton({
  photo,
  alt,
  onOpen,
}: {
  photo: Photo;
  alt: string;
  onOpen: () => void;
}) {
  return (
    <button type="button" className="photo-tile-open" onClick={onOpen} aria-label={`Apri ${alt}`}>
      {photo.fileMissing ? (
        <span className="photo-tile-missing">
          <i className="pi pi-image" aria-hidden="true" />
          File mancante
        </span>
      ) : (
        <img src={photoUrl(photo.thumbnailUrl)} alt={alt} loading="lazy" decoding="async" />
      )}
    </button>
  );
}
