import fsp from 'node:fs/promises';
import path from 'node:path';
import type { PhotoSyncStatus } from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import { companyExists } from '../../lib/companies.js';
import type { Storage } from '../../lib/storage.js';
import * as repo from './photos.repository.js';
import type { PhotosService } from './photos.service.js';

// The three steps of a photo sync (photos.sync.ts runs them in turn), each counting into the run's state.

const BATCH = 500;
/** Files the inbox could not import are moved here, so the next sync does not try them again. */
const REJECTED_DIR = '.scartati';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const breathe = () => new Promise((resolve) => setImmediate(resolve));

async function listDir(dir: string) {
  return fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
}

/** A running sync: what it reads and writes, its counters, and where a failure is noted. */
export interface SyncRun {
  db: Db;
  storage: Storage;
  photos: PhotosService;
  inbox: string;
  state: PhotoSyncStatus;
  fail: (message: string) => void;
}

/** One file of the inbox imported and removed, or moved aside with its error noted. */
async function importInboxFile(
  run: SyncRun,
  company: string,
  type: string,
  codice: string,
  source: string,
  companyOk: boolean,
) {
  const relative = path.relative(run.inbox, source);
  try {
    if (!companyOk) throw new Error(`azienda sconosciuta (${company})`);
    await run.photos.importFromFile(company, type, codice, source);
    await fsp.rm(source, { force: true });
    run.state.imported++;
  } catch (error) {
    run.fail(`${relative}: ${(error as Error).message}`);
    const target = path.join(run.inbox, REJECTED_DIR, relative);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(source, target).catch(() => undefined);
  }
  await breathe();
}

/** Every file under `inbox/<companyId>/<entityType>/<codice>/`, imported like an upload. */
export async function importInbox(run: SyncRun) {
  for (const company of await listDir(run.inbox)) {
    if (!company.isDirectory() || company.name.startsWith('.')) continue;
    const companyDir = path.join(run.inbox, company.name);
    const companyOk = UUID.test(company.name) && (await companyExists(run.db, company.name));
    for (const type of await listDir(companyDir)) {
      if (!type.isDirectory()) continue;
      for (const codice of await listDir(path.join(companyDir, type.name))) {
        if (!codice.isDirectory()) continue;
        const dir = path.join(companyDir, type.name, codice.name);
        for (const file of await listDir(dir)) {
          if (!file.isFile()) continue;
          const source = path.join(dir, file.name);
          await importInboxFile(run, company.name, type.name, codice.name, source, companyOk);
        }
      }
    }
  }
}

/** Flags rows without their file (and unflags those whose file came back); returns every key in use. */
export async function checkRows({ db, storage, state }: SyncRun): Promise<Set<string>> {
  const known = new Set(await repo.otherOwnedKeys(db));
  let after: string | null = null;
  for (;;) {
    const rows = await repo.batchAfter(db, after, BATCH);
    if (rows.length === 0) break;
    const gone: string[] = [];
    const back: string[] = [];
    const found = await Promise.all(rows.map((row) => storage.head(row.originalKey)));
    for (const [i, row] of rows.entries()) {
      for (const key of [row.originalKey, row.previewKey, row.thumbnailKey]) known.add(key);
      const present = Boolean(found[i]);
      if (!present) state.missing++;
      if (!present && !row.fileMissing) gone.push(row.id);
      if (present && row.fileMissing) back.push(row.id);
    }
    await repo.setFileMissing(db, gone, true);
    await repo.setFileMissing(db, back, false);
    after = rows[rows.length - 1]!.id;
    await breathe();
  }
  return known;
}

/** Stored objects (`<companyId>/<aa>/<bb>/<file>`) that no row refers to, whichever backend holds them. */
export async function countOrphans({ storage, state }: SyncRun, known: Set<string>) {
  let seen = 0;
  for await (const object of storage.backend.list()) {
    if (storage.isValidKey(object.key) && !known.has(object.key)) state.orphans++;
    if (++seen % BATCH === 0) await breathe();
  }
}
