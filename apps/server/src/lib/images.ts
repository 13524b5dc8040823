import fsp from 'node:fs/promises';
import exifr from 'exifr';
import pLimit from 'p-limit';
import sharp, { type Sharp } from 'sharp';
import { AppError } from './app-error.js';
import type { FileKind } from './uploads.js';

/**
 * The one image pipeline (docs/architecture.md "Module pattern") for photos, chat attachments and company logos: header checked against the
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
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `Immagine troppo grande: al massimo ${IMAGE_PIXEL_LIMIT / 1_000_000} megapixel`,
    );
  }
  return { width, height, orientation: meta.orientation };
}

const thumbnailOf = (image: Sharp) =>
  image
    .resize({
      width: THUMBNAIL_SIZE,
      height: THUMBNAIL_SIZE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .webp({ quality: 72, effort: WEBP_EFFORT })
    .toBuffer();

/**
 * Images decoded at once in this process. sharp and argon2 share libuv's four threads: a burst of
 * large uploads used to take all four and a login waited behind them (92 → 777 ms, measured
 * 6). Two at a time leaves the others to logins; the rest of a burst queues here.
 */
export const IMAGE_DECODES_AT_ONCE = 2;
const decoding = pLimit(IMAGE_DECODES_AT_ONCE);
/** Other image work (marks drawn on a photo) waits for the same slots as uploads. */
export const inDecodeSlot = <T>(work: () => Promise<T>): Promise<T> => decoding(work);
/** Images being decoded now and waiting their turn, in this process. */
export const imageDecodes = () => ({
  active: decoding.activeCount,
  waiting: decoding.pendingCount,
});

interface OpenedImage {
  width: number;
  height: number;
  orientation: number | undefined;
  source: Buffer;
  decode: () => Sharp;
}

/** The header checked first, the file read once, and any decoding failure answered as the Italian 415. */
function withImage<T>(file: string, work: (image: OpenedImage) => Promise<T>): Promise<T> {
  return decoding(() => decodeImage(file, work));
}

async function decodeImage<T>(file: string, work: (image: OpenedImage) => Promise<T>): Promise<T> {
  const { width, height, orientation } = await checkedSize(file);
  const source = await fsp.readFile(file);
  const decode = () => sharp(source, { limitInputPixels: IMAGE_PIXEL_LIMIT, failOn: 'error' });
  try {
    return await work({ width, height, orientation, source, decode });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', DAMAGED);
  }
}

/** Everything a photo needs from its bytes, decoding the original once (the thumbnail comes from the preview). */
export function processPhoto(file: string, kind: FileKind): Promise<ProcessedPhoto> {
  return withImage(file, async ({ width, height, orientation, source, decode }) => {
    const preview = await decode()
      .rotate()
      .resize({
        width: PREVIEW_SIZE,
        height: PREVIEW_SIZE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 80, effort: WEBP_EFFORT })
      .toBuffer();
    const [thumbnail, original, takenAt] = await Promise.all([
      thumbnailOf(sharp(preview)),
      servedOriginal(source, kind, orientation, decode),
      captureDate(source),
    ]);
    return { width, height, takenAt, original, preview, thumbnail };
  });
}

/** An image attached to a chat message: the original without location and a 320 px thumbnail. */
export function processAttachmentImage(
  file: string,
  kind: FileKind,
): Promise<{ original: Buffer; thumbnail: Buffer }> {
  return withImage(file, async ({ source, orientation, decode }) => {
    const [thumbnail, original] = await Promise.all([
      thumbnailOf(decode().rotate()),
      servedOriginal(source, kind, orientation, decode),
    ]);
    return { original, thumbnail };
  });
}

/** A company logo as PNG (PDFs can embed it, no metadata survives), at most 600 px a side. */
export function processLogo(file: string): Promise<Buffer> {
  return withImage(file, ({ decode }) =>
    decode()
      .rotate()
      .resize({ width: LOGO_SIZE, height: LOGO_SIZE, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer(),
  );
}

async function servedOriginal(
  source: Buffer,
  kind: FileKind,
  orientation: number | undefined,
  decode: () => Sharp,
): Promise<Buffer> {
  if (kind === 'jpeg') {
    const cleaned = cleanJpeg(source, orientation);
    if (cleaned) return cleaned;
  }
  // PNG and WebP (rare from cameras), or a JPEG whose structure could not be walked: re-encoded with
  // the orientation applied; sharp writes no metadata unless asked to.
  const image = decode().rotate();
  if (kind === 'png') return image.png().toBuffer();
  if (kind === 'webp') return image.webp({ quality: 92 }).toBuffer();
  return image.jpeg({ quality: 92, mozjpeg: true }).toBuffer();
}

async function captureDate(source: Buffer): Promise<Date | null> {
  try {
    const tags = (await exifr.parse(source, { pick: ['DateTimeOriginal', 'CreateDate'] })) as
      { DateTimeOriginal?: unknown; CreateDate?: unknown } | undefined;
    const date = tags?.DateTimeOriginal ?? tags?.CreateDate;
    return date instanceof Date && !Number.isNaN(date.getTime()) ? date : null;
  } catch {
    return null;
  }
}

/** The segments a JPEG needs to be decoded: frame, Huffman and arithmetic tables, quantisation, restart interval. */
const DECODING_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf, 0xc4, 0xcc, 0xdb,
  0xdd,
]);
const ICC_HEADER = 'ICC_PROFILE\0';
/** Adobe's APP14 says how to read CMYK and YCCK: 12 fixed bytes, nothing free-form. */
const ADOBE_LENGTH = 2 + 12;
const EOI = Buffer.from([0xff, 0xd9]);

/**
 * A JPEG as it will be served, losslessly: only what decoding needs, the colour
 * profile and Adobe's colour transform are kept, and the orientation is written back as the one EXIF
 * field. Comments, JFIF (and its thumbnail), EXIF (location, camera, free text), XMP, IPTC, other
 * application segments and anything after the end marker are dropped: nothing but a picture comes back. Returns null when the structure is not a
 * JPEG's, so the caller re-encodes instead.
 */
export function cleanJpeg(input: Buffer, orientation: number | undefined): Buffer | null {
  if (input.length < 4 || input[0] !== 0xff || input[1] !== 0xd8) return null;
  const kept: Buffer[] = [input.subarray(0, 2)];
  if (orientation && orientation >= 2 && orientation <= 8) kept.push(orientationExif(orientation));
  let pos = 2;
  while (pos + 1 < input.length) {
    if (input[pos] !== 0xff) return null;
    const marker = input[pos + 1]!;
    if (marker === 0xff) {
      pos++;
      continue;
    }
    if (marker === 0xd9) {
      kept.push(EOI);
      return Buffer.concat(kept);
    }
    if (pos + 4 > input.length) return null;
    const end = pos + 2 + input.readUInt16BE(pos + 2);
    if (end > input.length) return null;
    const segment = input.subarray(pos, end);
    if (marker === 0xda) {
      // The scan's entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart.
      // indexOf jumps from one 0xFF to the next natively: a byte-by-byte loop cost 15 ms of the event
      // loop per 12 MP photo (P7).
      let next = input.indexOf(0xff, end);
      while (
        next !== -1 &&
        next + 1 < input.length &&
        (input[next + 1] === 0x00 || (input[next + 1]! >= 0xd0 && input[next + 1]! <= 0xd7))
      )
        next = input.indexOf(0xff, next + 1);
      if (next === -1 || next + 1 >= input.length) return null;
      kept.push(input.subarray(pos, next));
      pos = next;
      continue;
    }
    const icc =
      marker === 0xe2 &&
      segment.subarray(4, 4 + ICC_HEADER.length).toString('latin1') === ICC_HEADER;
    const adobe =
      marker === 0xee &&
      segment.length === 2 + ADOBE_LENGTH &&
      segment.subarray(4, 9).toString('latin1') === 'Adobe';
    if (DECODING_MARKERS.has(marker) || icc || adobe) kept.push(segment);
    pos = end;
  }
  return null;
}

/** An APP1 EXIF segment holding only the orientation (TIFF big-endian, IFD0 with one SHORT entry). */
function orientationExif(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  tiff.writeUInt32BE(0, 22);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xffe1, 0);
  header.writeUInt16BE(2 + 6 + tiff.length, 2);
  return Buffer.concat([header, Buffer.from('Exif\0\0', 'latin1'), tiff]);
}
