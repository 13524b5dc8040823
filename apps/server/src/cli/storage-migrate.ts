/**
 * npm run storage:migrate -- --to s3 | --to filesystem [--verify] [--concurrency <n>]
 *
 * Copies every stored file of DATA_DIR/uploads into the bucket named by the S3_* variables (or, with
 * --to filesystem, the bucket's objects back into DATA_DIR/uploads), verifying each copy by size and
 * sha256. STORAGE need not be s3 yet: the operator switches it after the copy. Nothing is deleted
 * from the source, and a re-run skips what is already copied (docs/operations.md).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../config/config.js';
import { createFilesystemBackend } from '../lib/object-store/filesystem.js';
import { createS3Backend } from '../lib/object-store/s3.js';
import { checkStorageAtStartup } from '../lib/object-store/select-s3.js';
import { formatBytes } from './backup/files.js';
import {
  bilingual,
  CliError,
  loadCliConfig,
  parseCliArgs,
  runCli,
  useCallerDirectory,
} from './common.js';
import { copyObjects, type CopyResult } from './storage/copy-objects.js';

const USAGE = `Uso / usage: npm run storage:migrate -- --to s3|filesystem [--verify] [--concurrency <n>]
  --to s3          copia i file di DATA_DIR/uploads nel bucket delle variabili S3_* (STORAGE può essere
                   ancora filesystem: si passa a STORAGE=s3 dopo la copia)
  --to filesystem  copia gli oggetti del bucket in DATA_DIR/uploads (per tornare indietro)
  --verify         rilegge anche i file già copiati invece di fidarsi del checksum registrato
  --concurrency    file copiati insieme (predefinito 4)
I file di origine non vengono mai cancellati. Il comando si può rilanciare: salta i file già copiati.`;

runCli(async () => {
  useCallerDirectory();
  const args = parseMigrateArgs();
  if (!args) return;
  const config = loadBucketConfig();
  const bucket = createS3Backend(config.s3!);
  await checkStorageAtStartup(bucket);
  if (args.to === 's3' && !fs.existsSync(config.uploadsDir)) {
    // A mistyped DATA_DIR would otherwise "migrate" an empty folder and report success.
    throw new CliError(`${config.uploadsDir} non esiste: controlla DATA_DIR`);
  }
  const local = createFilesystemBackend(config.uploadsDir);
  const [source, target] = args.to === 's3' ? [local, bucket] : [bucket, local];
  const from = args.to === 's3' ? config.uploadsDir : `bucket ${config.s3!.bucket}`;
  const to = args.to === 's3' ? `bucket ${config.s3!.bucket}` : config.uploadsDir;
  console.log(`• ${bilingual(`Copia dei file da ${from} a ${to}…`, 'copying stored files')}`);

  // Beside DATA_DIR/uploads, so the filesystem backend places a file with a rename on one filesystem.
  const tempDir = path.join(config.dataDir, '.storage-migrate');
  const result = await copyObjects({
    source,
    target,
    tempDir,
    concurrency: args.concurrency,
    verifyAll: args.verify,
    log: (line) => console.log(`  ${line}`),
  }).finally(() => fsp.rm(tempDir, { recursive: true, force: true }));
  reportResult(result, from, args.to);
});

/** The command line, checked; null when only the usage was asked for. */
function parseMigrateArgs(): {
  to: 's3' | 'filesystem';
  verify: boolean | undefined;
  concurrency: number;
} | null {
  const values = parseCliArgs(
    {
      to: { type: 'string' },
      verify: { type: 'boolean' },
      concurrency: { type: 'string' },
    },
    USAGE,
  );
  if (!values) return null;
  const to = values.to;
  if (to !== 's3' && to !== 'filesystem')
    throw new CliError(`Manca --to s3 oppure --to filesystem\n${USAGE}`);
  const concurrency = Number(values.concurrency ?? 4);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32)
    throw new CliError(`--concurrency: un numero intero da 1 a 32\n${USAGE}`);
  return { to, verify: values.verify, concurrency };
}

/** The configuration with the bucket's variables as the server will read them once STORAGE=s3 is set. */
function loadBucketConfig() {
  try {
    return loadCliConfig({ ...process.env, STORAGE: 's3' });
  } catch (error) {
    if (error instanceof ConfigError)
      throw new ConfigError(
        `${error.message}\n(storage:migrate legge il bucket dalle variabili S3_*, anche prima di impostare STORAGE=s3)`,
      );
    throw error;
  }
}

/** Prints the totals; fails listing the files not copied, or tells the operator the next step. */
function reportResult(result: CopyResult, from: string, to: 's3' | 'filesystem'): void {
  console.log(
    `\n  ${result.total} file (${formatBytes(result.totalBytes)}): copiati e verificati ${result.copied} ` +
      `(${formatBytes(result.copiedBytes)}), già presenti e uguali ${result.skipped}, non riusciti ${result.failed.length}`,
  );
  console.log(
    `  ${bilingual(`I file in ${from} non sono stati cancellati.`, 'the source files were not deleted')}`,
  );
  if (result.failed.length > 0) {
    for (const f of result.failed.slice(0, 20)) console.error(`  ✖ ${f.key}: ${f.reason}`);
    if (result.failed.length > 20) console.error(`  … e altri ${result.failed.length - 20}`);
    throw new CliError(
      bilingual(
        `${result.failed.length} file non copiati. Rilancia lo stesso comando: i file già copiati vengono saltati.`,
        'some files failed; run the same command again, copied files are skipped',
      ),
    );
  }
  const next =
    to === 's3'
      ? 'Ferma il server, rilancia questo comando (copia i file arrivati nel frattempo), poi imposta STORAGE=s3 e riavvia.'
      : 'Ferma il server, rilancia questo comando, poi imposta STORAGE=filesystem (o toglila) e riavvia.';
  console.log(`\n✔ ${bilingual(`Copia completata. ${next}`, 'copy completed and verified')}`);
}
