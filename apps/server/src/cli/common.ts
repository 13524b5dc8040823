/** Shared start-up of the command-line tools (backup, restore, storage:migrate, create-admin). */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config/config.js';
import type { ObjectBackend } from '../lib/object-store/backend.js';
import { checkStorageAtStartup, s3BackendFromConfig } from '../lib/object-store/select-s3.js';

/**
 * `npm run <x>` at the repository root runs the tool inside apps/server; npm keeps the folder the
 * user ran it from in INIT_CWD. Relative paths (DATA_DIR, --out, --from) are read from there, so
 * `DATA_DIR=./data npm run backup` means the same folder as `DATA_DIR=./data npm start`.
 */
export function useCallerDirectory(): void {
  const initCwd = process.env.INIT_CWD;
  if (initCwd && initCwd !== process.cwd()) process.chdir(initCwd);
}

/**
 * The server's configuration without the parts the tools never use: JWT_SECRET is required to
 * start the server in production, but these tools sign no token, so a missing or short one is not
 * an error here.
 */
export function loadCliConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig({ ...env, JWT_SECRET: 'cli-tools-sign-no-tokens-placeholder-secret' });
}

/**
 * With STORAGE=s3 the uploaded files are the bucket's objects (backup and restore go through it);
 * undefined with the filesystem. A bucket that does not answer stops the tool, naming the variable.
 */
export async function bucketOf(config: Config): Promise<ObjectBackend | undefined> {
  const bucket = s3BackendFromConfig(config);
  if (bucket) await checkStorageAtStartup(bucket);
  return bucket ?? undefined;
}

/** Runs a tool's main function: a known error prints its message (no stack) and exits with 1. */
export function runCli(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      const known = error instanceof CliError || error instanceof ConfigError;
      const message =
        error instanceof Error
          ? known
            ? error.message
            : (error.stack ?? error.message)
          : String(error);
      console.error(`\n✖ ${message}`);
      process.exit(1);
    },
  );
}

/** One message in Italian and English: operators of this app read Italian, support may not. */
export const bilingual = (it: string, en: string) => `${it}\n  (${en})`;

/** An error whose message is for the operator: printed without a stack. */
export class CliError extends Error {}

/** Stops when the PGlite folder is open in a running server (PGlite writes postmaster.pid while open). */
export function assertPgliteNotInUse(pgliteDir: string, ignoreLock: boolean | undefined) {
  if (!fs.existsSync(path.join(pgliteDir, 'postmaster.pid')) || ignoreLock) return;
  throw new CliError(
    bilingual(
      `Il database in ${pgliteDir} sembra in uso da un server GestCava avviato (c'è postmaster.pid). ` +
        `Ferma il server e riprova. Se nessun server è avviato (si è fermato in modo anomalo), usa --ignore-lock.`,
      `the database seems in use by a running server (postmaster.pid exists): stop the server and retry, ` +
        `or pass --ignore-lock if no server is running`,
    ),
  );
}

type CliOptions = NonNullable<ParseArgsConfig['options']>;

/**
 * The tool's options, or null after printing the usage for --help (every tool takes -h/--help). A
 * wrong option is the operator's mistake: its message and the usage, without a stack.
 */
export function parseCliArgs<const O extends CliOptions>(options: O, usage: string) {
  type Values = ReturnType<typeof parseArgs<{ options: O }>>['values'];
  let values: Values & { help?: boolean };
  try {
    values = parseArgs({ options: { ...options, help: { type: 'boolean', short: 'h' } } })
      .values as Values & { help?: boolean };
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${usage}`);
  }
  if (values.help) {
    console.log(usage);
    return null;
  }
  return values;
}
