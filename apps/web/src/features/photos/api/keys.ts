import type { GalleryQuery, PhotoEntityType } from '@gestcava/contracts';
import { buildUrl } from '@/lib/api';

/** The entity types photos attach to: the contracts' list (the entity registry's kinds). */
export type { PhotoEntityType };

export interface PhotoEntity {
  entityType: PhotoEntityType;
  entityId: string;
  /** the entity's code, stored with each photo so the gallery finds it by code */
  codice: string;
  /** a collaudo's photo may show one of its blocks */
  bloccoId?: string;
}

/** The gallery's request: page, limit and the filters, as the server names them. */
export type GalleryParams = Pick<GalleryQuery, 'page' | 'limit' | 'entityType' | 'cavaId' | 'searchTerm'>;

/** Query keys of the photo caches: everything starts with ['photos'], so one invalidation refreshes panel and gallery. */
export const photoKeys = {
  all: ['photos'] as const,
  entity: (entityType: string, entityId: string) => ['photos', 'entity', entityType, entityId] as const,
  gallery: (params: GalleryParams) => ['photos', 'gallery', params] as const,
};

/**
 * The photo URLs are signed and live 15–30 minutes: a cached list is refetched after 5 minutes
 * and forgotten after 10, so the page never shows links that have already expired.
 */
export const PHOTO_CACHE = { staleTime: 5 * 60_000, gcTime: 10 * 60_000 } as const;

/** SPEC §7: the server answers relative URLs, to be prefixed with the server address (the API client's base). */
export const photoUrl = (relative: string): string => buildUrl(relative);
