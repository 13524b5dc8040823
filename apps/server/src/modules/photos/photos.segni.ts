import { segniSummary, type Segno } from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import type { AuthUser } from '../../lib/auth/sessions.js';
import { drawSegni, type SegniImageOptions } from '../../lib/segni-image.js';
import type { Storage } from '../../lib/storage.js';
import * as repo from './photos.repository.js';
import type { PhotoWithUser } from './photos.repository.js';

/** Which stored file of a photo to draw the marks on. */
export type SegniVariant = 'original' | 'preview' | 'thumbnail';

const keyOf = (row: PhotoWithUser, variant: SegniVariant) =>
  variant === 'original'
    ? row.originalKey
    : variant === 'preview'
      ? row.previewKey
      : row.thumbnailKey;

/** What the marks need from the photos service: its storage and its access rules for one photo. */
interface PhotoSegniDeps<T> {
  db: Db;
  storage: Storage;
  photoInCompany: (companyId: string, id: string) => Promise<{ row: PhotoWithUser; target: T }>;
  assertCanRead: (user: AuthUser, target: T) => void;
  assertCanWrite: (user: AuthUser, target: T) => void;
}

async function jpegWithSegni(
  storage: Storage,
  row: PhotoWithUser,
  variant: SegniVariant,
  options?: SegniImageOptions,
) {
  const source = await storage.read(keyOf(row, variant));
  if (!source) throw notFound('Il file della foto non è più presente');
  return drawSegni(source, row.segni, options);
}

/** Saves the marks and writes their history row in one transaction (the photo of another company: 404). */
function saveSegniAs(db: Db, companyId: string, id: string, segni: Segno[], userId: string | null) {
  return db.transaction(async (tx) => {
    const saved = await repo.updateSegni(tx, companyId, id, segni);
    if (!saved) throw notFound('Foto non trovata');
    await recordAudit(tx, {
      companyId,
      entityType: saved.entityType,
      entityId: saved.entityId,
      action: 'segni',
      userId,
      note: `Segni sulla foto ${saved.fileName}: ${segniSummary(saved.segni)}`,
    });
    return saved.segni;
  });
}

/**
 * The defects marked on a photo (docs/photos.md, "Segni sui difetti"). The access rules are the
 * photo's own, passed in by the photos service: reading as for the photo, writing with write on
 * the entity's page.
 */
export function createPhotoSegni<T>({
  db,
  storage,
  photoInCompany,
  assertCanRead,
  assertCanWrite,
}: PhotoSegniDeps<T>) {
  return {
    async getSegni(user: AuthUser, companyId: string, id: string): Promise<Segno[]> {
      const { row, target } = await photoInCompany(companyId, id);
      assertCanRead(user, target);
      return row.segni;
    },

    /**
     * The whole set replaces the saved one, with a history row on the photo's entity in the same
     * transaction. The body was validated whole before this runs, so an invalid mark leaves the
     * saved ones untouched.
     */
    async saveSegni(user: AuthUser, companyId: string, id: string, segni: Segno[]) {
      const { target } = await photoInCompany(companyId, id);
      assertCanWrite(user, target);
      return saveSegniAs(db, companyId, id, segni, user.id);
    },

    /** The save without a user check, for demo data and imports (`userId` null: the system). */
    saveSegniAs: (companyId: string, id: string, segni: Segno[], userId: string | null) =>
      saveSegniAs(db, companyId, id, segni, userId),

    /** `?segni=1`: the photo as a JPEG with its marks drawn, for a user who may read it. */
    async originalWithSegni(user: AuthUser, companyId: string, id: string) {
      const { row, target } = await photoInCompany(companyId, id);
      assertCanRead(user, target);
      const base = (row.codice ?? row.entityType).replace(/[^\w.-]+/g, '_');
      return {
        body: await jpegWithSegni(storage, row, 'original'),
        fileName: `${base}_${row.id.slice(-8)}_segni.jpg`,
      };
    },

    /**
     * For another module that has already decided the caller may see this photo (a verbale, a
     * link shared with a buyer): no user check here, only the company's.
     */
    async imageWithSegni(
      companyId: string,
      id: string,
      variant: SegniVariant = 'preview',
      options?: SegniImageOptions,
    ): Promise<Buffer> {
      const { row } = await photoInCompany(companyId, id);
      return jpegWithSegni(storage, row, variant, options);
    },

    /** The marks of some of the company's photos, by id, for another module's answer (no user check). */
    async segniOf(companyId: string, ids: string[]): Promise<Map<string, Segno[]>> {
      const rows = await repo.segniOf(db, companyId, ids);
      return new Map(rows.map((r) => [r.id, r.segni]));
    },
  };
}
