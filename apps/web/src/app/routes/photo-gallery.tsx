import { PhotoGallery } from '@/features/photos/components/photo-gallery';

/** /app/photo-gallery */
export function PhotoGalleryPage() {
  return <PhotoGallery />;
}

export const Component = PhotoGalleryPage;
