import sharp from 'sharp';
import { AppError } from '../../lib/app-error.js';

/** Decompression bombs: an image attachment may have at most this many pixels (as photos). */
export const CHAT_IMAGE_PIXEL_LIMIT = 100_000_000;
export const CHAT_THUMBNAIL_SIZE = 320;

/**
 * The small WebP a conversation shows instead of the original (up to 25 MB): EXIF orientation
 * applied, no metadata. The header is checked against the pixel limit before anything is decoded;
 * sharp works in libuv's thread pool, so the event loop (and the sockets) stay free.
 */
export async function chatThumbnail(file: string): Promise<Buffer> {
  const meta = await sharp(file, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Immagine danneggiata o illeggibile');
    });
  if (!meta.width || !meta.height) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Immagine danneggiata o illeggibile');
  if (meta.width * meta.height > CHAT_IMAGE_PIXEL_LIMIT) {
    throw new AppError('PAYLOAD_TOO_LARGE', `Immagine troppo grande: al massimo ${CHAT_IMAGE_PIXEL_LIMIT / 1_000_000} megapixel`);
  }
  try {
    return await sharp(file, { limitInputPixels: CHAT_IMAGE_PIXEL_LIMIT, failOn: 'error' })
      .rotate()
      .resize({ width: CHAT_THUMBNAIL_SIZE, height: CHAT_THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Immagine danneggiata o illeggibile');
  }
}
