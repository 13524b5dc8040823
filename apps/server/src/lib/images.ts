import fsp from 'node:fs/promises';
import exifr from 'exifr';
import pLimit from 'p-limit';
import sharp, { type Sharp } from 'sharp';
import { AppError } from './app-error.js';
import type { FileKind } from './uploads.js';

/**
 * The one image pipeline (DESIGN §2.2) for photos, chat attachments and company logos: header checked against the
 * pixel limit before anything is decoded, WebP variants with the EXIF orientation applied, and
 * originals served without location. sharp works in libuv's thread pool, so the event loop (and
 * the sockets) stay free while it runs.
 */

/** Decompression bombs: an image may have at most this many pixels (a 12 MP photo has 12 million). */
export const IMAGE_PIXEL_LIMIT = 100_000_000;
export const PREVIEW_SIZE = 1600;
/** WebP effort 2 of 6: 40 % less CPU per photo than the default 4 for files within 3 % of its size (bench P7). */
const WEBP_EFFORT = 2;
export const THUMBNAIL_SIZE = 320;
const LOGO_SIZE = 600;

export interface ProcessedPhoto {
  width: number;
  height: number;
  takenAt: Date | null;
  /** The original as it will be served: location metadata removed. */
  original: Buffer;
  preview: Buffer;
  thumbnail: Buffer;
}

const DAMAGED = 'Immagine danneggiata o illeggibile';

/** Width and height as shown (orientation applied), from the header only; refuses a bomb. */
async function checkedSize(file: string) {
  // Only the header is read here; the limit is compared below, with our own message.
  const meta = await sharp(file, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', DAMAGED);
    });
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (!width || !height) throw new AppError('UNSUPPORTED_MEDIA_TYPE', DAMAGED);
  if (width * height > IMAGE_PIXEL_LIMIT) {
    throw new AppError('PAYLOAD_TOO_LARGE', `Immagine troppo grande: al massimo ${IMAGE_PIXEL_LIMIT / 1_000_000} megapixel`);
  }
  return { width, height };
}

const thumbnailOf = (image: Sharp) =>
  image.resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 72, effort: WEBP_EFFORT }).toBuffer();

/**
 * Images decoded at once in this process. sharp and argon2 share libuv's four threads: a burst of
 * large uploads used to take all four and a login waited behind them (92 → 777 ms, issue 17 finding
 * 6). Two at a time leaves the others to logins; the rest of a burst queues here.
 */
export const IMAGE_DECODES_AT_ONCE = 2;
const decoding = pLimit(IMAGE_DECODES_AT_ONCE);

interface OpenedImage {
  width: number;
  height: number;
  source: Buffer;
  decode: () => Sharp;
}

/** The header checked first, the file read once, and any decoding failure answered as the Italian 415. */
function withImage<T>(file: string, work: (image: OpenedImage) => Promise<T>): Promise<T> {
  return decoding(() => decodeImage(file, work));
}

async function decodeImage<T>(file: string, work: (image: OpenedImage) => Promise<T>): Promise<T> {
  const { width, height } = await checkedSize(file);
  const source = await fsp.readFile(file);
  const decode = () => sharp(source, { limitInputPixels: IMAGE_PIXEL_LIMIT, failOn: 'error' });
  try {
    return await work({ width, height, source, decode });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', DAMAGED);
  }
}

/** Everything a photo needs from its bytes, decoding the original once (the thumbnail comes from the preview). */
export function processPhoto(file: string, kind: FileKind): Promise<ProcessedPhoto> {
  return withImage(file, async ({ width, height, source, decode }) => {
    const preview = await decode()
      .rotate()
      .resize({ width: PREVIEW_SIZE, height: PREVIEW_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort: WEBP_EFFORT })
      .toBuffer();
    const [thumbnail, original, takenAt] = await Promise.all([thumbnailOf(sharp(preview)), servedOriginal(source, kind, decode), captureDate(source)]);
    return { width, height, takenAt, original, preview, thumbnail };
  });
}

/** An image attached to a chat message: the original without location and a 320 px thumbnail. */
export function processAttachmentImage(file: string, kind: FileKind): Promise<{ original: Buffer; thumbnail: Buffer }> {
  return withImage(file, async ({ source, decode }) => {
    const [thumbnail, original] = await Promise.all([thumbnailOf(decode().rotate()), servedOriginal(source, kind, decode)]);
    return { original, thumbnail };
  });
}

/** A company logo as PNG (PDFs can embed it, no metadata survives), at most 600 px a side. */
export function processLogo(file: string): Promise<Buffer> {
  return withImage(file, ({ decode }) =>
    decode().rotate().resize({ width: LOGO_SIZE, height: LOGO_SIZE, fit: 'inside', withoutEnlargement: true }).png().toBuffer(),
  );
}

async function servedOriginal(source: Buffer, kind: FileKind, decode: () => Sharp): Promise<Buffer> {
  if (kind === 'jpeg') {
    const scrubbed = scrubJpegLocation(source);
    if (scrubbed) return scrubbed;
  }
  // PNG and WebP (rare from cameras), or a JPEG whose metadata could not be walked: re-encoded with
  // the orientation applied; sharp writes no metadata unless asked to.
  const image = decode().rotate();
  if (kind === 'png') return image.png().toBuffer();
  if (kind === 'webp') return image.webp({ quality: 92 }).toBuffer();
  return image.jpeg({ quality: 92, mozjpeg: true }).toBuffer();
}

async function captureDate(source: Buffer): Promise<Date | null> {
  try {
    const tags = (await exifr.parse(source, { pick: ['DateTimeOriginal', 'CreateDate'] })) as
      | { DateTimeOriginal?: unknown; CreateDate?: unknown }
      | undefined;
    const date = tags?.DateTimeOriginal ?? tags?.CreateDate;
    return date instanceof Date && !Number.isNaN(date.getTime()) ? date : null;
  } catch {
    return null;
  }
}

const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };
const GPS_IFD_TAG = 0x8825;
const XMP_HEADERS = ['http://ns.adobe.com/xap/1.0/\0', 'http://ns.adobe.com/xmp/extension/\0'];

/**
 * A JPEG without its location, losslessly: the entries of the EXIF GPS directory and the values
 * they point to are zeroed, and XMP packets (which can repeat the location) are dropped. The image
 * data, orientation and capture date stay as the camera wrote them. Returns null when the file's
 * structure is not what the EXIF standard says, so the caller re-encodes instead.
 */
export function scrubJpegLocation(input: Buffer): Buffer | null {
  if (input.length < 4 || input[0] !== 0xff || input[1] !== 0xd8) return null;
  const kept: Buffer[] = [input.subarray(0, 2)];
  let pos = 2;
  while (pos < input.length) {
    if (input[pos] !== 0xff) return null;
    const marker = input[pos + 1]!;
    if (marker === 0xff) {
      pos++;
      continue;
    }
    // Start of scan or end of image: the rest is image data.
    if (marker === 0xda || marker === 0xd9) {
      kept.push(input.subarray(pos));
      return Buffer.concat(kept);
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      kept.push(input.subarray(pos, pos + 2));
      pos += 2;
      continue;
    }
    if (pos + 4 > input.length) return null;
    const end = pos + 2 + input.readUInt16BE(pos + 2);
    if (end > input.length) return null;
    let segment = input.subarray(pos, end);
    if (marker === 0xe1) {
      const body = segment.subarray(4);
      if (XMP_HEADERS.some((h) => body.subarray(0, h.length).toString('latin1') === h)) {
        pos = end;
        continue;
      }
      if (body.subarray(0, 6).toString('latin1') === 'Exif\0\0') {
        const copy = Buffer.from(segment);
        if (!zeroGps(copy.subarray(10))) return null;
        segment = copy;
      }
    }
    kept.push(segment);
    pos = end;
  }
  return null;
}

/** Zeroes the GPS directory of a TIFF structure in place; false when an offset points outside it. */
function zeroGps(tiff: Buffer): boolean {
  if (tiff.length < 8) return false;
  const order = tiff.subarray(0, 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return false;
  const le = order === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const inside = (o: number, n: number) => o >= 0 && o + n <= tiff.length;

  const ifd0 = u32(4);
  if (!inside(ifd0, 2)) return false;
  const count = u16(ifd0);
  if (!inside(ifd0 + 2, count * 12)) return false;
  for (let i = 0; i < count; i++) {
    const entry = ifd0 + 2 + i * 12;
    if (u16(entry) !== GPS_IFD_TAG) continue;
    const gps = u32(entry + 8);
    if (!inside(gps, 2)) return false;
    const gpsCount = u16(gps);
    if (!inside(gps + 2, gpsCount * 12)) return false;
    for (let j = 0; j < gpsCount; j++) {
      const e = gps + 2 + j * 12;
      const size = (TYPE_SIZES[u16(e + 2)] ?? 1) * u32(e + 4);
      if (size > 4) {
        const at = u32(e + 8);
        if (inside(at, size)) tiff.fill(0, at, at + size);
      }
    }
    tiff.fill(0, gps, gps + 2 + gpsCount * 12);
  }
  return true;
}
