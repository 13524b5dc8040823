import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ExportStream } from './export.js';

/** RFC 6266: an ASCII fallback plus the UTF-8 name (docs/quality.md S20). */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Sends a file to save (never shown inline, never cached); `private` where a shared cache must not
 * even consider it (a document of one company).
 */
export function sendDownload(
  reply: FastifyReply,
  file: { contentType: string; fileName: string; body: Buffer | Readable },
  cacheControl: 'no-store' | 'private, no-store' = 'no-store',
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

/** Sends a generated export as a download. */
export function sendExport(reply: FastifyReply, file: ExportStream) {
  return sendDownload(reply, {
    contentType: file.contentType,
    fileName: file.fileName,
    body: file.stream,
  });
}

/** A generated document of one company (a PDF, a workbook). */
export interface DocumentFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

export function sendDocument(reply: FastifyReply, file: DocumentFile) {
  return sendDownload(reply, file, 'private, no-store');
}
