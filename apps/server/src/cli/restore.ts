/**
 * npm run restore -- --from <backup folder or .tar> [--force] [--ignore-lock]
 *
 * Restores a backup made by `npm run backup` into the configured database (PGlite in DATA_DIR/pgdata,
 * or PostgreSQL when DATABASE_URL is set) and DATA_DIR/uploads (with STORAGE=s3: the bucket, where
 * nothing is deleted and existing objects stay), then checks every table's row count
 * and checksum against the backup's manifest. Existing data is never deleted: without --force the
 * restore refuses; with --force the PGlite folder and the uploads are moved aside
 * (`*.before-restore-<time>`) and a PostgreSQL database is first backed up into ./backups.
 */
import { restoreBackup } from './backup/restore.js';
import {
  bilingual,
  bucketOf,
  CliError,
  loadCliConfig,
  parseCliArgs,
  runCli,
  useCallerDirectory,
} from './common.js';

const USAGE = `Uso / usage: npm run restore -- --from <cartella del backup o file .tar> [--force] [--ignore-lock]
  --from         il backup da ripristinare (una cartella gestcava-backup-…, una cartella di backup:
                 si usa il più recente, oppure un archivio .tar)
  --force        sostituisce i dati esistenti (vengono messi da parte, non cancellati)
  --ignore-lock  procede anche se il database PGlite sembra aperto (solo dopo un arresto anomalo)
Ferma il server GestCava prima del ripristino. / Stop the GestCava server before restoring.`;

runCli(async () => {
  useCallerDirectory();
  const values = parseCliArgs(
    {
      from: { type: 'string', short: 'f' },
      force: { type: 'boolean' },
      'ignore-lock': { type: 'boolean' },
    },
    USAGE,
  );
  if (!values) return;
  if (!values.from) throw new CliError(`Manca --from / --from is required\n${USAGE}`);
  const config = loadCliConfig();
  const objects = await bucketOf(config);
  const result = await restoreBackup({
    location: { ...config, objects },
    from: values.from,
    force: values.force,
    ignoreLock: values['ignore-lock'],
    log: (m) => console.log(`• ${m}`),
  });
  const m = result.manifest;
  const rows = Object.values(m.tables).reduce((s, t) => s + t.rows, 0);
  console.log(
    `\n✔ ${bilingual(
      `Ripristino completato e verificato in ${(result.ms / 1000).toFixed(1)} s`,
      'restore completed and verified',
    )}`,
  );
  console.log(
    `  backup del ${m.createdAt} (${m.db.kind}): ${Object.keys(m.tables).length} tabelle, ${rows} righe, ` +
      `${m.uploads.files} file caricati; righe e checksum uguali al backup`,
  );
  if (result.extraTables.length > 0) {
    console.log(
      `  Tabelle non presenti nel backup (lasciate come sono): ${result.extraTables.join(', ')}`,
    );
  }
  for (const p of result.keptAside)
    console.log(`  Dati precedenti conservati in / previous data kept in: ${p}`);
  console.log(
    '  Avvia il server: applicherà le migrazioni mancanti. / Start the server: it applies pending migrations.',
  );
});
