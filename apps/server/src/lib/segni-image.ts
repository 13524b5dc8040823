import { segniSvg, type Segno } from '@gestcava/contracts';
import sharp from 'sharp';
import { AppError } from './app-error.js';
import { IMAGE_PIXEL_LIMIT, inDecodeSlot } from './images.js';

export interface SegniImageOptions {
  /** Fit the picture inside this many pixels a side first (a thumbnail for a PDF, a preview). */
  maxSize?: number;
  /** JPEG quality, 1–100. */
  quality?: number;
}

/**
 * A photo (any variant: original, WebP preview, thumbnail) as a JPEG with the marks drawn into it
 * (docs/photos.md, "Segni sui difetti"). The marks' coordinates are fractions of the picture as
 * shown, so the EXIF orientation is applied first. sharp decodes, composites and encodes in
 * libuv's thread pool, never on the event loop, and waits for the same slots as uploads
 * (lib/images.ts), so a burst of downloads does not starve logins. The answer carries no metadata.
 */
export function drawSegni(
  source: Buffer,
  segni: ReadonlyArray<Pick<Segno, 'tipo' | 'punti' | 'difetto'>>,
  options: SegniImageOptions = {},
): Promise<Buffer> {
  return inDecodeSlot(async () => {
    try {
      let image = sharp(source, { limitInputPixels: IMAGE_PIXEL_LIMIT, failOn: 'error' }).rotate();
      if (options.maxSize)
        image = image.resize({
          width: options.maxSize,
          height: options.maxSize,
          fit: 'inside',
          withoutEnlargement: true,
        });
      // Settled to pixels first: the overlay must match the size the resize really gave.
      const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
      const raw = { width: info.width, height: info.height, channels: info.channels };
      const layer = sharp(data, { raw });
      if (segni.length > 0)
        layer.composite([{ input: Buffer.from(segniSvg(segni, info.width, info.height)) }]);
      return await layer
        .flatten({ background: '#ffffff' })
        // 4:4:4: thin coloured strokes keep their colour (4:2:0 halves the chroma and greys them)
        .jpeg({ quality: options.quality ?? 85, mozjpeg: true, chromaSubsampling: '4:4:4' })
        .toBuffer();
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Immagine danneggiata o illeggibile');
    }
  });
}
