import { buildApp } from './app.js';
import { ConfigError, isLoopback, loadConfig } from './config/config.js';
import { openDatabase, type Database } from './db/client.js';
import {
  DEMO_COMPANIES,
  DEMO_PASSWORD,
  DEMO_USERS,
  hasDemoAccounts,
  isDatabaseEmpty,
  seedDemo,
} from './seed/demo.js';
import { loadSecret } from './lib/secrets.js';
import { createObjectBackend } from './lib/object-store/index.js';
import { checkStorageAtStartup } from './lib/object-store/select-s3.js';
import { seedDemoPhotos } from './modules/photos/photos.demo.js';

type App = Awaited<ReturnType<typeof buildApp>>;
type Config = ReturnType<typeof loadConfig>;

async function main() {
  const config = loadConfig();
  // Before the database: a bucket that does not answer is a configuration error, reported in seconds.
  const storageBackend = createObjectBackend(config);
  await checkStorageAtStartup(storageBackend);
  const { database, demo } = await openMigratedDatabase(config);

  const app = await buildApp({ config, database, secret: loadSecret(config), storageBackend });
  await app.services.photoSync.sweepInterruptedUploads();
  const demoPhotos = new AbortController();
  stopOnSignals(app, database, demoPhotos);

  await app.listen({ host: config.HOST, port: config.PORT });
  const url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`;
  console.log(`\nGestCava è pronto su ${url}  (database: ${database.kind})`);
  if (demo) announceDemo(app, database, demoPhotos.signal);
}

/**
 * The database, migrated, with the demo data in an empty one (not in production); refuses to listen
 * beyond this machine while the demo accounts and their known password are there.
 */
async function openMigratedDatabase(
  config: Config,
): Promise<{ database: Database; demo: boolean }> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.pgliteDir,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await database.migrate();

  if (!config.isProduction && (await isDatabaseEmpty(database.db))) {
    console.log('Database vuoto: carico i dati dimostrativi…');
    await seedDemo(database.db);
  }
  const demo = await hasDemoAccounts(database.db);
  if (demo && !isLoopback(config.HOST) && !config.DEMO_ON_NETWORK) {
    await database.close();
    throw new ConfigError(
      `HOST=${config.HOST}: gli account dimostrativi hanno una password nota, quindi il server ascolta solo su 127.0.0.1.\n` +
        'Imposta DEMO_ON_NETWORK=1 per esporli comunque in rete, oppure usa un database senza dati dimostrativi.',
    );
  }
  return { database, demo };
}

/** SIGTERM and SIGINT stop the server once: not ready at once, then the app and the database close. */
function stopOnSignals(app: App, database: Database, demoPhotos: AbortController) {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // Not ready at once, before the close hooks run: a load balancer's next probe sends the traffic elsewhere.
    app.readiness.beginShutdown();
    demoPhotos.abort();
    app.log.info({ signal }, 'arresto in corso');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .close()
      .then(() => database.close())
      .then(() => {
        // The last line of a clean stop: the fault test (R9) and an operator read it.
        app.log.info('database chiuso, arresto completato');
        process.exit(0);
      })
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** Prints the demo accounts and adds the demo photos in the background. */
function announceDemo(app: App, database: Database, signal: AbortSignal) {
  console.log(`Accessi dimostrativi (password ${DEMO_PASSWORD}):`);
  for (const u of DEMO_USERS)
    console.log(
      `  ${u.email.padEnd(26)} ${u.role === 'admin' ? 'amministratore' : 'utente'} · ${u.company}`,
    );
  // After listening: the pictures take a while and nobody should wait for them.
  seedDemoPhotos({
    db: database.db,
    photos: app.services.photos,
    companyName: DEMO_COMPANIES.marmi.name,
    log: app.log,
    signal,
  }).catch((err: unknown) => {
    if (!signal.aborted) app.log.error({ err }, 'foto dimostrative non create');
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
