import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatAttachments, companies, storagePending } from '../src/db/schema/index.js';
import { createFilesystemBackend } from '../src/lib/object-store/filesystem.js';
import { rowsOf } from '../src/lib/pagination.js';
import { onPostgres } from './database.js';
import { buildTestApp, setupCompany, type TestContext } from './helpers.js';

/**
 * The pending objects of docs/quality.md R7 (storage_pending): an object is recorded before it is written
 * and settled with its row, so a crash in between leaves an entry the sweep acts on — on any backend
 * and whichever instance sweeps. The sweep must never take an object a row owns.
 * (fault-upload-crash.test.ts covers photos with a real crash and restart.)
 */

let ctx: TestContext;
let org: Awaited<ReturnType<typeof setupCompany>>;

beforeAll(async () => {
  ctx = await buildTestApp();
  org = await setupCompany(ctx);
});
afterAll(() => ctx.close());

async function form(fields: Record<string, string>, field: string, data: Buffer) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append(field, new Blob([new Uint8Array(data)], { type: 'image/png' }), 'immagine.png');
  const request = new Request('http://x', { method: 'POST', body: f });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

const pendingKeys = async () =>
  (await ctx.database.db.select({ key: storagePending.key }).from(storagePending))
    .map((r) => r.key)
    .sort();
const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa8866' } })
    .png()
    .toBuffer();

/** An upload half done: its object recorded as pending and written, its row not committed. */
async function placedObject() {
  const { storage } = ctx.app.services;
  const placement = storage.beginPlacement();
  const key = storage.newKey(org.company.id, 'png');
  await placement.add(key);
  await storage.putBuffer(key, await png(), 'image/png');
  return { placement, key };
}

describe('pending objects and their sweep', () => {
  it('keeps the pending objects a logo or a chat attachment owns and removes the one a crash left without a row', async () => {
    const image = await png();
    const admin = await org.adminClient();
    const logo = await form({}, 'logo', image);
    expect(
      (await admin.post('/companies/upload-logo', logo.payload, { headers: logo.headers }))
        .statusCode,
    ).toBe(200);
    const anna = await org.userClient({ chat: true });
    const bruno = await org.userClient({ chat: true });
    const message = await form(
      { receiverId: bruno.user.id, content: 'con allegato' },
      'files',
      image,
    );
    const sent = await anna.client.post('/api/chat/message', message.payload, {
      headers: message.headers,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // Finished uploads settle what they placed.
    expect(await pendingKeys()).toEqual([]);

    const [company] = await ctx.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, org.company.id));
    const [attachment] = await ctx.database.db
      .select()
      .from(chatAttachments)
      .where(eq(chatAttachments.companyId, org.company.id));
    const owned = [company!.logoKey!, attachment!.storageKey, attachment!.thumbnailKey!];
    const { storage, photoSync } = ctx.app.services;
    // What a crash leaves: an object recorded and written, its row never committed; entries still
    // naming objects whose rows did commit (a crash right after the commit); a temporary file.
    const { key: orphan } = await placedObject();
    await ctx.database.db
      .insert(storagePending)
      .values(owned.map((key) => ({ key, instance: 'altra-istanza' })));
    fs.writeFileSync(storage.tempPath(), 'a metà');

    expect(await photoSync.sweepInterruptedUploads()).toEqual({ removed: 1, kept: 3 });
    for (const key of owned) expect(await storage.head(key), key).not.toBeNull();
    expect(await storage.head(orphan)).toBeNull();
    expect(await pendingKeys()).toEqual([]);
    expect(fs.readdirSync(storage.tempDir)).toEqual([]);
    // the admin's sync counts none of the owned objects (logo, attachment and its thumbnail) as orphans
    expect(photoSync.start()).toBe(true);
    await photoSync.idle();
    expect(photoSync.status()).toMatchObject({ orphans: 0, missing: 0 });
  });

  it('leaves an entry younger than the grace period alone: another instance may be uploading it now', async () => {
    const { storage } = ctx.app.services;
    const { key } = await placedObject();
    const owned = async () => new Set<string>();

    expect(await storage.sweepPending({ olderThanMs: 60 * 60_000, owned })).toEqual({
      removed: 0,
      kept: 0,
    });
    expect(await storage.head(key)).not.toBeNull();
    expect(await pendingKeys()).toEqual([key]);
    expect(await storage.sweepPending({ olderThanMs: 0, owned })).toEqual({ removed: 1, kept: 0 });
    expect(await pendingKeys()).toEqual([]);
  });

  it('at its own start-up an instance sweeps its own entries whatever their age, another instance’s young ones stay', async () => {
    const { storage } = ctx.app.services;
    const owned = async () => new Set<string>();
    const { key: mine } = await placedObject();
    const { key: theirs } = await placedObject();
    await ctx.database.db
      .update(storagePending)
      .set({ instance: 'altra-istanza' })
      .where(eq(storagePending.key, theirs));

    // the periodic sweep, while this instance serves: its own young upload may be running now
    expect(await storage.sweepPending({ olderThanMs: 60 * 60_000, owned })).toEqual({
      removed: 0,
      kept: 0,
    });
    // its start-up, before serving: nothing of its own can be running
    expect(await storage.sweepPending({ olderThanMs: 60 * 60_000, owned, ownToo: true })).toEqual({
      removed: 1,
      kept: 0,
    });
    expect(await storage.head(mine)).toBeNull();
    expect(await storage.head(theirs)).not.toBeNull();
    expect(await pendingKeys()).toEqual([theirs]);
    await storage.sweepPending({ olderThanMs: 0, owned });
  });

  it('refuses to commit a row for an object the sweep took meanwhile (an upload slower than the grace period)', async () => {
    const { storage } = ctx.app.services;
    const { placement, key } = await placedObject();
    expect(
      (await storage.sweepPending({ olderThanMs: 0, owned: async () => new Set() })).removed,
    ).toBe(1);

    const committed = ctx.database.db.transaction(async (tx) => {
      await tx.update(companies).set({ logoKey: key }).where(eq(companies.id, org.company.id));
      await placement.settle(tx);
    });
    await expect(committed).rejects.toMatchObject({
      statusCode: 503,
      message: 'Caricamento interrotto: riprova',
    });
    const [company] = await ctx.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, org.company.id));
    expect(company!.logoKey).not.toBe(key);
  });

  it('a failed upload leaves no object and no entry', async () => {
    const { storage } = ctx.app.services;
    const { placement, key } = await placedObject();
    await placement.abandon();
    expect(await storage.head(key)).toBeNull();
    expect(await pendingKeys()).toEqual([]);
  });
});

describe('a sweep and an upload settling the same key at once', () => {
  it('the sweep holds the entry; the upload then finds it gone and commits no row (PostgreSQL: two connections)', async () => {
    // A backend whose head() waits for the test: the sweep is stopped while it holds the entry's lock.
    let sweepHolds!: () => void;
    const holding = new Promise<void>((resolve) => (sweepHolds = resolve));
    let letGo!: () => void;
    const released = new Promise<void>((resolve) => (letGo = resolve));
    const app = await buildTestApp(
      {},
      {
        storageBackend: (dataDir) => {
          const backend = createFilesystemBackend(path.join(dataDir, 'uploads'));
          return {
            ...backend,
            async head(key) {
              sweepHolds();
              await released;
              return backend.head(key);
            },
          };
        },
      },
    );
    try {
      const company = await setupCompany(app);
      const { storage } = app.app.services;
      const placement = storage.beginPlacement();
      const key = storage.newKey(company.company.id, 'png');
      await placement.add(key);
      await storage.putBuffer(key, await png(), 'image/png');

      const sweep = storage.sweepPending({ olderThanMs: 0, owned: async () => new Set() });
      await holding;
      const commit = app.database.db.transaction(async (tx) => {
        await tx
          .update(companies)
          .set({ logoKey: key })
          .where(eq(companies.id, company.company.id));
        await placement.settle(tx);
      });
      // handled from the start: the commit fails while the test is still awaiting the sweep, and a
      // rejection left unhandled for that moment is reported by the runner as an error of the run
      const outcome = commit.then(
        () => 'committed',
        (error: unknown) => error,
      );
      if (onPostgres()) {
        // the upload's settle is waiting on the entry the sweep holds (PGlite: it queues behind the sweep's transaction)
        await vi.waitFor(
          async () => {
            const waiting = rowsOf<{ n: number }>(
              await app.database.db.execute(
                sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
              ),
            );
            expect(waiting[0]!.n).toBe(1);
          },
          { timeout: 5000 },
        );
      }
      letGo();
      expect(await sweep).toEqual({ removed: 1, kept: 0 });
      expect(await outcome).toMatchObject({ statusCode: 503 });
      const [row] = await app.database.db
        .select()
        .from(companies)
        .where(eq(companies.id, company.company.id));
      expect(row!.logoKey).toBeNull();
      expect(await storage.backend.get(key)).toBeNull();
    } finally {
      await app.close();
    }
  });
});
