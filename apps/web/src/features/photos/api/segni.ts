import { PHOTO_TIMEOUTS, segniAnswerSchema, type Segno } from '@gestcava/contracts';
import { photos } from './photos';

/**
 * GET|PUT /api/photos/:id/segni, a photo's marks: under ['photos'], so a photo deleted or
 * re-marked refreshes with the lists (they carry nSegni).
 */
const segni = photos.sub('segni', {
  list: segniAnswerSchema,
  map: (answer) => answer.segni as Segno[],
  timeoutMs: PHOTO_TIMEOUTS.single,
});
export const segniKey = segni.keys.list;

/** Only fetched for a photo that has marks (`nSegni`). */
export const usePhotoSegni = (photoId: string, enabled: boolean) =>
  segni.useList(photoId, { enabled });

/** The whole set replaces the saved one. */
export const useSaveSegni = (photoId: string) =>
  segni.useReplace(photoId, (marks: Segno[]) => ({ segni: marks }));
