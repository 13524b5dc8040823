import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from './database.js';
import {
  createInstallation,
  loginOverHttp,
  startServer,
  waitFor,
  type Installation,
  type ServerProcess,
} from './server-process.js';

/**
 * docs/quality.md R7: SIGKILL while 10 photo uploads are being processed, then a restart: the start-up sweep
 * of the pending objects (storage_pending) leaves exactly the files the photo rows name, no file
 * without a row and no row without its files, no pending entry and no temporary file. On PGlite,
 * and on PostgreSQL in the PostgreSQL layer.
 */

let install: Installation;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  install = await createInstallation({ onPostgres: onPostgres() });
});
afterAll(async () => {
  for (const s of servers)
    if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  await install.remove();
});

/** Every file under the company folders (keys as the rows store them), and what is left in tmp. */
function storedFiles() {
  const uploads = path.join(install.dataDir, 'uploads');
  const keys = (fs.readdirSync(uploads, { recursive: true }) as string[])
    .filter((f) => !f.startsWith('tmp') && fs.statSync(path.join(uploads, f)).isFile())
    .map((f) => f.split(path.sep).join('/'));
  return { keys: keys.sort(), temporary: fs.readdirSync(path.join(uploads, 'tmp')) };
}

describe('SIGKILL during 10 photo uploads (R7)', { timeout: 90_000 }, () => {
  it('restarts with files = rows: the start-up sweep removes what no committed row owns', async () => {
    const first = await startServer(install);
    servers.push(first);
    const admin = await loginOverHttp(first.url);
    const cava = (await (
      await admin.postJson('/api/cave', { codice: '173', nome: 'Canalgrande', comune: 'Carrara' })
    ).json()) as { _id: string };
    const materiale = (await (
      await admin.postJson('/api/materiali', { nome: 'Statuario', densita: 2.71 })
    ).json()) as { _id: string };
    const created = await admin.postJson('/api/bancate', {
      cavaId: cava._id,
      materialeId: materiale._id,
      dataTaglio: '2030-03-10',
      lunghezza: 1200,
      altezza: 600,
      profondita: 400,
    });
    expect(created.status).toBe(201);
    const bancata = (await created.json()) as { _id: string };

    // Large enough that decoding and the variants take a while, so the kill lands mid-processing.
    const jpeg = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const upload = (i: number) => {
      const form = new FormData();
      form.append('entityType', 'bancata');
      form.append('entityId', bancata._id);
      for (let j = 0; j < 3; j++)
        form.append(
          'photos',
          new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }),
          `foto-${i}-${j}.jpg`,
        );
      return fetch(`${first.url}/photos/uploadPhotos`, {
        method: 'POST',
        headers: admin.headers(),
        body: form,
      }).then(
        (r) => String(r.status),
        (e: { cause?: { code?: string } }) => e.cause?.code ?? 'error',
      );
    };
    // One upload finished before the crash: its files must survive the sweep.
    expect(await upload(0)).toBe('201');
    const committedFiles = storedFiles().keys.length;
    expect(committedFiles).toBe(9);

    const outcomes: string[] = [];
    const uploads = Array.from({ length: 10 }, (_, i) =>
      upload(i + 1).then((o) => outcomes.push(o)),
    );
    // Kill while the ten are being processed: some of their files placed, their rows not yet all committed.
    expect(await waitFor(() => storedFiles().keys.length >= committedFiles + 6, 60_000)).toBe(true);
    const inFlight = storedFiles();
    first.child.kill('SIGKILL');
    await Promise.all(uploads);
    expect((await first.exited).signal).toBe('SIGKILL');

    // The same instance (its DATA_DIR's id) starts again, with the default grace period of an hour:
    // what it wrote itself and never settled goes at this start, however young.
    const second = await startServer(install);
    servers.push(second);
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);

    const rows = await install.query<{
      original_key: string;
      preview_key: string;
      thumbnail_key: string;
    }>('select original_key, preview_key, thumbnail_key from photos');
    const rowKeys = rows.flatMap((r) => [r.original_key, r.preview_key, r.thumbnail_key]).sort();
    const after = storedFiles();
    console.log(
      `R7: answers to the ten ${JSON.stringify(outcomes)}; at the kill ${inFlight.keys.length} files placed, ${inFlight.temporary.length} temporary; ` +
        `after the restart ${rows.length} photo rows, ${after.keys.length} files, ${after.temporary.length} temporary`,
    );
    // Every upload answered 201 is stored (3 photos each), and nothing else is left half-done.
    expect(rows.length).toBeGreaterThanOrEqual(
      3 * (1 + outcomes.filter((o) => o === '201').length),
    );
    expect(outcomes.length).toBe(10);
    expect(after.keys).toEqual(rowKeys);
    expect(after.temporary).toEqual([]);
    expect(await install.query('select key from storage_pending')).toEqual([]);
  });
});
