import type { Photo } from '@gestcava/contracts';

/** What a screen reader says for a photo: its description, else the code it documents. */
export function photoAlt(photo: Pick<Photo, 'description' | 'codice'>): string {
  if (photo.description?.trim()) return photo.description.trim();
  return photo.codice ? `Foto di ${photo.codice}` : 'Foto';
}
