import type { FastifyReply } from 'fastify';
import type { ExportStream } from './export.js';

/** RFC 6266: an ASCII fallback plus the UTF-8 name (QUALITY S20). */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A download's headers: its type and name, not kept by any cache (`private` for a signed document), not sniffed. */
function attachment(reply: FastifyReply, contentType: string, fileName: string, cacheControl: string) {
  return reply.header('content-type', contentType).header('content-disposition', contentDisposition('attachment', fileName)).header('cache-control', cacheControl).header('x-content-type-options', 'nosniff');
}

/** Sends a generated export as a download. */
export function sendExport(reply: FastifyReply, file: ExportStream) {
  return attachment(reply, file.contentType, file.fileName, 'no-store').send(file.stream);
}

/** A generated document (a PDF, a workbook) as a download the browser must not keep or sniff. */
export interface DocumentFile {
  body: Buffer;
  contentType: string;
  filename: string;
}

export function sendDocument(reply: FastifyReply, file: DocumentFile) {
  return attachment(reply, file.contentType, file.filename, 'private, no-store').send(file.body);
}
