import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ObjectBackend } from '../src/lib/object-store/backend.js';
import { createFilesystemBackend } from '../src/lib/object-store/filesystem.js';
import {
  buildTestApp,
  createProductionLookups,
  setupCompany,
  type TestContext,
} from './helpers.js';

/**
 * The zip of an entity's photos streams from the backend one entry after the other: a
 * gallery of hundreds of photos must not hold hundreds of open files or bucket requests, and every
 * entry carries the stored original's bytes.
 */

let ctx: TestContext;
let open = 0;
let mostOpen = 0;

/** The filesystem backend, counting the object streams open at the same time. */
function counting(backend: ObjectBackend): ObjectBackend {
  return {
    ...backend,
    async get(key) {
      const stream: Readable | null = await backend.get(key);
      if (!stream) return null;
      mostOpen = Math.max(mostOpen, ++open);
      stream.once('close', () => open--);
      return stream;
    },
  };
}

beforeAll(async () => {
  ctx = await buildTestApp(
    {},
    {
      storageBackend: (dataDir) => counting(createFilesystemBackend(path.join(dataDir, 'uploads'))),
    },
  );
});
afterAll(() => ctx.close());

describe('zip of an entity photos', () => {
  it('holds one stored file open at a time and carries each original byte for byte', async () => {
    const org = await setupCompany(ctx);
    const admin = await org.adminClient();
    const lookups = await createProductionLookups(admin);
    const bancata = (
      await admin.post('/api/bancate', {
        cavaId: lookups.cavaId,
        materialeId: lookups.materialeId,
        dataTaglio: '2031-03-10',
        lunghezza: 1200,
        altezza: 600,
        profondita: 400,
      })
    ).json();
    const { photos, storage } = ctx.app.services;
    for (const color of ['#806040', '#408060', '#604080', '#a0a0a0']) {
      const jpeg = await sharp({
        create: { width: 320, height: 240, channels: 3, background: color },
      })
        .jpeg()
        .toBuffer();
      await photos.importBuffer(
        org.company.id,
        { entityType: 'bancata', entityId: bancata._id },
        jpeg,
        'foto.jpg',
        null,
      );
    }
    const list = (
      await admin.get('/photos/flutter/getPhotos', {
        query: { entityType: 'bancata', entityId: bancata._id },
      })
    ).json();
    expect(list.photos).toHaveLength(4);

    const zip = await ctx.app.inject({ url: list.zipUrl });
    expect(zip.statusCode).toBe(200);
    expect(mostOpen).toBe(1);
    // every file closed once read (a file handle closes just after its last bytes)
    await vi.waitFor(() => expect(open).toBe(0), { timeout: 2000 });
    // stored, not deflated: each original appears in the zip as it is stored
    for (const photo of list.photos as Array<{ _id: string }>) {
      const [row] = await ctx.database.db.query.photos.findMany({
        where: (p, { eq }) => eq(p.id, photo._id),
      });
      const original = (await storage.read(row!.originalKey))!;
      expect(zip.rawPayload.includes(original)).toBe(true);
    }
    expect(fs.readdirSync(storage.tempDir)).toEqual([]);
  });
});
