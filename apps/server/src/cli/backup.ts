/**
 * npm run backup -- [--out <folder or file.tar>] [--ignore-lock]
 *
 * Backs up the database (PGlite in DATA_DIR/pgdata, or PostgreSQL when DATABASE_URL is set) and the
 * uploaded files (DATA_DIR/uploads, or the bucket's objects with STORAGE=s3) into one timestamped
 * folder (or one .tar archive) with a manifest.
 * For the embedded database, stop the server first: PGlite's folder cannot be shared by two processes.
 */
import path from 'node:path';
import { createBackup } from './backup/create.js';
import { formatBytes } from './backup/files.js';
import {
  bilingual,
  bucketOf,
  loadCliConfig,
  parseCliArgs,
  runCli,
  useCallerDirectory,
} from './common.js';

const USAGE = `Uso / usage: npm run backup -- [--out <cartella o file .tar>] [--ignore-lock]
  --out          cartella in cui creare gestcava-backup-<data>/ (predefinita: ./backups),
                 oppure un file .tar / .tar.gz per un unico archivio
  --ignore-lock  procede anche se il database PGlite sembra aperto (solo dopo un arresto anomalo)`;

runCli(async () => {
  useCallerDirectory();
  const values = parseCliArgs(
    {
      out: { type: 'string', short: 'o' },
      'ignore-lock': { type: 'boolean' },
    },
    USAGE,
  );
  if (!values) return;
  const config = loadCliConfig();
  const objects = await bucketOf(config);
  const out = path.resolve(values.out ?? 'backups');
  const result = await createBackup({
    location: { ...config, objects },
    out,
    ignoreLock: values['ignore-lock'],
    log: (m) => console.log(`• ${m}`),
  });
  const m = result.manifest;
  const rows = Object.values(m.tables).reduce((s, t) => s + t.rows, 0);
  console.log(
    `\n✔ ${bilingual(`Backup completato in ${(result.ms / 1000).toFixed(1)} s: ${result.path}`, 'backup completed')}`,
  );
  console.log(
    `  database ${m.db.kind} (${m.db.name}): ${Object.keys(m.tables).length} tabelle, ${rows} righe; ` +
      `file caricati${m.uploads.storage === 's3' ? ' (dal bucket)' : ''}: ${m.uploads.files} (${formatBytes(m.uploads.bytes)})`,
  );
  console.log(`  Ripristino / restore: npm run restore -- --from ${result.path}`);
});
