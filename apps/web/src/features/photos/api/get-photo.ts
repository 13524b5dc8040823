import { PHOTO_TIMEOUTS, photoAnswerSchema, type Photo } from '@gestcava/contracts';
import { api } from '@/lib/api';
import { log } from '@/lib/log';

/**
 * GET /photos/getPhoto/:id: one photo with freshly signed URLs. SPEC §8: a failed lookup gives
 * null (the caller shows the photo as unavailable).
 */
export async function getPhoto(id: string, signal?: AbortSignal): Promise<Photo | null> {
  try {
    const answer = await api.get(`/photos/getPhoto/${encodeURIComponent(id)}`, {
      schema: photoAnswerSchema,
      signal,
      timeoutMs: PHOTO_TIMEOUTS.single,
    });
    return answer.photo;
  } catch (error) {
    log.warn('Foto non disponibile', id, error);
    return null;
  }
}
