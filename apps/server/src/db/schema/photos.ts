import { sql, type SQL } from 'drizzle-orm';
import type { Segno } from '@gestcava/contracts';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { primaryId } from './columns.js';
import { companyRef } from './companies.js';
import { blocchi } from './production.js';
import { users } from './users.js';

/**
 * One row per photo of a registered entity (docs/domain.md "Photo"). The files are the cleaned
 * original and two WebP variants in storage; `codice` is the entity's code at upload time, kept
 * for the gallery's search and for photos that arrive by code through the inbox.
 */
export const photos = pgTable(
  'photos',
  {
    id: primaryId(),
    companyId: companyRef(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    codice: text('codice'),
    description: text('description'),
    /** A collaudo's photo may name the block of the row it shows (the verbale prints it with that block). */
    bloccoId: uuid('blocco_id').references(() => blocchi.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    checksum: text('checksum').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    originalKey: text('original_key').notNull(),
    previewKey: text('preview_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    fileMissing: boolean('file_missing').notNull().default(false),
    /**
     * The defects marked on the picture (docs/photos.md, "Segni sui difetti"): the whole set is
     * written at once, so one column rather than a table of rows; lists count them with
     * `jsonb_array_length`.
     */
    segni: jsonb('segni').$type<Segno[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the gallery search compares (lib/search.ts), stored so the trigram recheck computes nothing per row. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`f_unaccent(coalesce(${photos.codice}, '') || ' ' || coalesce(${photos.description}, ''))`,
    ),
  },
  (t) => [
    index('photos_company_idx').on(t.companyId, t.createdAt, t.id),
    index('photos_entity_idx').on(t.companyId, t.entityType, t.entityId, t.createdAt),
    index('photos_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check(
      'photos_segni_check',
      sql`jsonb_typeof(${t.segni}) = 'array' and jsonb_array_length(${t.segni}) <= 100`,
    ),
  ],
);
