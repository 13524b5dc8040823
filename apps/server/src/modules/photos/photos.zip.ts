import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { forbidden, notFound } from '../../lib/app-error.js';
import type { SessionLinkQuery } from '../../lib/session-links.js';
import type { AuthUser } from '../../lib/auth/sessions.js';
import * as repo from './photos.repository.js';
import { downloadName, zipSubject, type PhotosDeps } from './photos.common.js';
import type { PhotosCore } from './photos.core.js';

/** An entity's photos as one zip, for a signed link or a caller with a session. */
export function createPhotosZip(
  { db, storage, links }: PhotosDeps,
  { findTarget, canRead }: PhotosCore,
) {
  return {
    /** The zip of an entity's photos, for a signed link or a caller with a session. */
    async zip(
      access:
        | { user: AuthUser; companyId: string }
        | { signature: SessionLinkQuery & { companyId: string } },
      entityType: string,
      entityId: string,
    ) {
      let companyId: string;
      let user: AuthUser;
      if ('signature' in access) {
        companyId = access.signature.companyId;
        // the session's user as it is now: a link outlives neither the session nor the right to read
        user = (
          await links.verify(
            zipSubject(companyId, entityType, entityId),
            companyId,
            access.signature,
          )
        ).user;
      } else {
        ({ companyId, user } = access);
      }
      const t = await findTarget(companyId, entityType, { id: entityId });
      if (!canRead(user, t)) throw forbidden();
      const listed = await repo.listForEntity(db, companyId, t.definition.type, t.ref.id);
      const present = await Promise.all(listed.map((r) => storage.head(r.originalKey)));
      const rows = listed.filter((_, i) => present[i]);
      if (rows.length === 0) throw notFound('Nessuna foto da scaricare');
      // Photos are already compressed: stored, not deflated, so the zip streams at the storage's speed.
      const archive = new ZipArchive({ store: true });
      zipInTurn(
        archive,
        rows.map((row, i) => ({
          name: downloadName(row, i),
          open: () => storage.open(row.originalKey),
        })),
      );
      const base = (t.ref.codice ?? t.definition.type).replace(/[^\w.-]+/g, '_');
      return { fileName: `foto_${base}.zip`, stream: archive as unknown as Readable };
    },
  };
}

/**
 * Each entry's file is opened only when the one before it is in the zip: a gallery of hundreds of
 * photos holds one open file (one bucket request) at a time, and nothing is buffered whole.
 */
export function zipInTurn(
  archive: ZipArchive,
  entries: Array<{ name: string; open: () => Promise<Readable | null> }>,
) {
  const added = (source: Readable, name: string) =>
    new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        archive.off('entry', onEntry).off('error', onError).off('close', onClose);
        if (error) {
          source.destroy();
          reject(error);
        } else resolve();
      };
      const onEntry = () => settle();
      const onError = (error: Error) => settle(error);
      // The client went away: the archive is destroyed and no entry event will come.
      const onClose = () => settle(new Error('download interrotto'));
      archive.on('entry', onEntry).on('error', onError).on('close', onClose);
      archive.append(source, { name });
    });
  void (async () => {
    for (const entry of entries) {
      // A file removed since the listing is left out, as the listing leaves out files already gone.
      const source = await entry.open();
      if (source) await added(source, entry.name);
    }
    await archive.finalize();
  })().catch((error: unknown) => {
    if (!archive.destroyed) archive.destroy(error as Error);
  });
}
