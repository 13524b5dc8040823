import { type GalleryQuery, type Photo, type PhotoEntityInfo } from '@gestcava/contracts';
import { forbidden, notFound } from '../../lib/app-error.js';
import type { AuthContext, AuthUser } from '../../lib/auth/sessions.js';
import type { SessionLinks } from '../../lib/session-links.js';
import * as repo from './photos.repository.js';
import type { PhotoWithUser } from './photos.repository.js';
import {
  downloadName,
  URL_TTL_SECONDS,
  zipSubject,
  type PhotosDeps,
  type Target,
} from './photos.common.js';
import type { PhotosCore } from './photos.core.js';

/** A download without a bearer token, while the session that listed the photos lives (lib/session-links.ts). */
function zipUrl(links: SessionLinks, auth: AuthContext, companyId: string, t: Target) {
  const signed = links.sign(
    zipSubject(companyId, t.definition.type, t.ref.id),
    auth,
    URL_TTL_SECONDS,
  );
  const query = new URLSearchParams({
    entityType: t.definition.type,
    entityId: t.ref.id,
    companyId,
    ...signed,
  });
  return `/photos/downloadPhotos?${query.toString()}`;
}

/** The gallery's rows with what each pictures (its code, label and page), one lookup per entity type. */
async function withEntityInfo(
  { db, entities }: PhotosDeps,
  { toPhoto, typePages }: PhotosCore,
  auth: AuthContext,
  companyId: string,
  rows: PhotoWithUser[],
): Promise<Photo[]> {
  const byType = new Map<string, string[]>();
  for (const row of rows)
    byType.set(row.entityType, [...(byType.get(row.entityType) ?? []), row.entityId]);
  const info = new Map<string, PhotoEntityInfo>();
  for (const [type, ids] of byType) {
    const definition = entities.get(type);
    if (!definition) continue;
    for (const [id, summary] of await definition.describe(db, companyId, [...new Set(ids)])) {
      const { kind, ...shown } = summary;
      info.set(`${type}:${id}`, {
        ...shown,
        detailPath: definition.detailPath({ id, codice: summary.codice, kind }),
      });
    }
  }
  return rows.map((row) =>
    toPhoto(auth, row, typePages(row), info.get(`${row.entityType}:${row.entityId}`)),
  );
}

/** The reads: an entity's photos, one photo and its file, the gallery's page. */
export function createPhotosGallery(deps: PhotosDeps, core: PhotosCore) {
  const { db, storage, entities, links } = deps;
  const { canRead, findTarget, photoInCompany, toPhoto, pageOf, readable, typePages } = core;
  return {
    async listForEntity(
      auth: AuthContext,
      companyId: string,
      q: { entityType: string; entityId?: string; codice?: string },
    ) {
      const t = await findTarget(companyId, q.entityType, { id: q.entityId, codice: q.codice });
      if (!canRead(auth.user, t)) throw forbidden();
      const rows = await repo.listForEntity(db, companyId, t.definition.type, t.ref.id);
      return {
        photos: rows.map((r) => toPhoto(auth, r, [pageOf(t)])),
        zipUrl: rows.length ? zipUrl(links, auth, companyId, t) : null,
      };
    },

    async get(auth: AuthContext, companyId: string, id: string) {
      const { row, target } = await photoInCompany(companyId, id);
      if (!canRead(auth.user, target)) throw forbidden();
      return toPhoto(auth, row, [pageOf(target)]);
    },

    async original(user: AuthUser, companyId: string, id: string) {
      const { row, target } = await photoInCompany(companyId, id);
      if (!canRead(user, target)) throw forbidden();
      const stream = await storage.open(row.originalKey);
      if (!stream) throw notFound('Il file della foto non è più presente');
      return { stream, fileName: downloadName(row), mime: row.mime };
    },

    async page(auth: AuthContext, companyId: string, q: GalleryQuery) {
      const cavaId = q.cavaId;
      const { rows, total } = await repo.page(db, companyId, {
        readable: readable(auth.user),
        entityType: q.entityType,
        inCava: cavaId
          ? entities.all().map((d) => ({ entityType: d.type, ids: d.idsInCava(companyId, cavaId) }))
          : undefined,
        searchTerm: q.searchTerm,
        page: q.page,
        limit: q.limit,
      });
      return {
        photos:
          q.includeEntityInfo === 'true'
            ? await withEntityInfo(deps, core, auth, companyId, rows)
            : rows.map((r) => toPhoto(auth, r, typePages(r))),
        total,
      };
    },
  };
}
