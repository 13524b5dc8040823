/**
 * npm run create-admin -- --email <email> [--name "<nome>"] [--company "<nome o id>"]
 *
 * Creates an administrator (the first one of a production installation, docs/screens.md "Demo data"). The password
 * comes from ADMIN_PASSWORD or from a hidden prompt, never from the command line (it would stay in
 * the shell history and in the process list). Applies the migrations first; creates the company
 * when the database has none. Works with NODE_ENV=production without JWT_SECRET.
 */
import { validateEmail, validatePassword } from './admin-input.js';
import {
  assertPgliteNotInUse,
  CliError,
  loadCliConfig,
  parseCliArgs,
  runCli,
  useCallerDirectory,
} from './common.js';

// The database and the users service load only once the input is known to be right, so the prompt
// appears at once (keys typed before it would be echoed by the terminal).

const USAGE = `Uso / usage: npm run create-admin -- --email <email> [--name "<nome>"] [--company "<nome o id>"]
  --email    email dell'amministratore (sarà il suo nome utente)
  --name     nome mostrato (predefinito: dalla parte dell'email prima della @)
  --company  azienda: nome o id di una esistente; se il database non ne ha, la crea con questo nome
             (predefinito: "La mia azienda")
La password si legge da ADMIN_PASSWORD oppure viene chiesta (senza mostrarla); mai come argomento.`;

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (fn: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
      fn();
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return finish(() => resolve(value));
        if (ch === '\u0003') return finish(() => reject(new CliError('Annullato / cancelled')));
        if (ch === '\u007f' || ch === '\b') value = Array.from(value).slice(0, -1).join('');
        else if (ch >= ' ') value += ch;
      }
    };
    process.stdout.write(question);
    stdin.setEncoding('utf8');
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return validatePassword(fromEnv);
  if (!process.stdin.isTTY) {
    throw new CliError(
      'Nessuna password: imposta ADMIN_PASSWORD oppure esegui il comando in un terminale per inserirla.\n' +
        '  (no password: set ADMIN_PASSWORD or run the command in a terminal)',
    );
  }
  for (let attempt = 1; attempt <= 3; attempt++) {
    const first = await promptHidden('Password del nuovo amministratore (almeno 10 caratteri): ');
    try {
      validatePassword(first);
    } catch (error) {
      console.error(`✖ ${(error as Error).message}`);
      continue;
    }
    const second = await promptHidden('Ripeti la password: ');
    if (first === second) return first;
    console.error('✖ Le due password non coincidono');
  }
  throw new CliError('Troppi tentativi: nessun utente creato');
}

runCli(async () => {
  useCallerDirectory();
  if (process.argv.slice(2).some((a) => /^--?(password|pass|pw|p)(=|$)/i.test(a))) {
    throw new CliError(
      'La password non si passa come argomento (resterebbe nella cronologia della shell): usa ADMIN_PASSWORD o il prompt.\n' +
        '  (never pass the password as an argument: use ADMIN_PASSWORD or the prompt)',
    );
  }
  const values = parseCliArgs(
    {
      email: { type: 'string', short: 'e' },
      name: { type: 'string', short: 'n' },
      company: { type: 'string', short: 'c' },
    },
    USAGE,
  );
  if (!values) return;
  const email = validateEmail(values.email);
  const config = loadCliConfig();
  if (!config.DATABASE_URL) assertPgliteNotInUse(config.pgliteDir, false);
  const password = await readPassword();
  const { openDatabase } = await import('../db/client.js');
  const { createAdmin } = await import('./create-admin-lib.js');

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.pgliteDir,
    poolSize: 1,
  });
  try {
    console.log(
      `• Database: ${database.kind === 'pglite' ? `PGlite in ${config.pgliteDir}` : `PostgreSQL "${database.dbName}"`}`,
    );
    await database.migrate();
    console.log('• Migrazioni applicate');
    const { user, company } = await createAdmin(database, {
      email,
      password,
      name: values.name,
      company: values.company,
    });
    if (company.created) console.log(`✔ Creata l'azienda «${company.name}» (id ${company.id})`);
    else console.log(`• Azienda: «${company.name}» (id ${company.id})`);
    console.log(`✔ Creato l'amministratore ${user.name} <${user.email}> (id ${user._id})`);
    const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
    console.log(
      `  Avvia il server (npm start) e accedi su http://${host}:${config.PORT} con questa email.`,
    );
  } finally {
    await database.close();
  }
});
