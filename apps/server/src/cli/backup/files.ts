import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { bilingual } from '../common.js';
import { BackupError, UPLOADS_FILE, type BackupManifest, type Logger } from './manifest.js';

const execFileAsync = promisify(execFile);

export const ARCHIVE_RE = /\.(tar|tar\.gz|tgz)$/i;

export function isNonEmptyDir(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

/** Files and bytes under `dir`, leaving out the upload pipeline's temporary folder. */
export async function countFiles(
  dir: string,
  skipTopLevel: string[] = [],
): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  async function walk(d: string, top: boolean) {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (top && skipTopLevel.includes(e.name)) continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) await walk(p, false);
      else if (e.isFile()) {
        files++;
        bytes += (await fsp.stat(p)).size;
      }
    }
  }
  await walk(dir, true);
  return { files, bytes };
}

export async function run(cmd: string, args: string[], env?: NodeJS.ProcessEnv): Promise<void> {
  try {
    await execFileAsync(cmd, args, { env: env ?? process.env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const e = error as { stderr?: string; message: string; code?: string };
    if (e.code === 'ENOENT')
      throw new BackupError(bilingual(`Comando non trovato: ${cmd}`, `command not found: ${cmd}`));
    throw new BackupError(`${path.basename(cmd)}: ${(e.stderr || e.message).trim()}`);
  }
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

/** DATA_DIR/uploads (without its tmp/ folder) as uploads.tar.gz in `dir`; null when there are no files. */
export async function archiveUploads(
  uploadsDir: string,
  dir: string,
  log: Logger,
): Promise<BackupManifest['uploads']> {
  const uploads = await countFiles(uploadsDir, ['tmp']);
  if (uploads.files === 0) return { file: null, ...uploads };
  log(
    bilingual(
      `File caricati: ${uploads.files} (${formatBytes(uploads.bytes)})…`,
      'archiving uploaded files',
    ),
  );
  await run('tar', [
    '-czf',
    path.join(dir, UPLOADS_FILE),
    '-C',
    path.dirname(uploadsDir),
    `--exclude=./${path.basename(uploadsDir)}/tmp`,
    `./${path.basename(uploadsDir)}`,
  ]);
  return { file: UPLOADS_FILE, ...uploads };
}

/** Unpacks the backup's uploads into `uploadsDir` (empty or only tmp/ by now) and checks their count and size. */
export async function restoreUploads(
  uploadsDir: string,
  dir: string,
  uploads: BackupManifest['uploads'],
  log: Logger,
) {
  if (!uploads.file) return;
  log(bilingual(`Ripristino di ${uploads.files} file caricati…`, 'extracting uploaded files'));
  await fsp.mkdir(path.dirname(uploadsDir), { recursive: true });
  const tmp = await fsp.mkdtemp(path.join(path.dirname(uploadsDir), '.restore-uploads-'));
  try {
    await run('tar', ['-xzf', path.join(dir, uploads.file), '-C', tmp]);
    const extracted = path.join(tmp, fs.readdirSync(tmp)[0] ?? 'uploads');
    await fsp.rm(uploadsDir, { recursive: true, force: true });
    await fsp.rename(extracted, uploadsDir);
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
  const restored = await countFiles(uploadsDir, ['tmp']);
  if (restored.files !== uploads.files || restored.bytes !== uploads.bytes) {
    throw new BackupError(
      bilingual(
        `File caricati: ${restored.files} file / ${restored.bytes} byte invece di ${uploads.files} / ${uploads.bytes}`,
        'restored uploads differ from the backup',
      ),
    );
  }
}
