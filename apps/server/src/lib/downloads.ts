import type { FastifyReply } from 'fastify';
import type { ExportStream } from './export.js';

/** RFC 6266: an ASCII fallback plus the UTF-8 name (QUALITY S20). */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Sends a generated export as a download. */
export function sendExport(reply: FastifyReply, file: ExportStream) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.stream);
}

/** A generated document (a PDF, a workbook) as a download the browser must not keep or sniff. */
export interface DocumentFile {
  body: Buffer;
  contentType: string;
  filename: string;
}

export function sendDocument(reply: FastifyReply, file: DocumentFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition('attachment', file.filename))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
