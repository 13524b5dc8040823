/**
 * The first administrator (docs/screens.md "Demo data"): `npm run create-admin` on a production database that has no
 * demo data. Creates the company too when the database has none. The user goes through the users
 * service, so the same rules apply as for POST /user/register (password length, common passwords,
 * one account per email, argon2id).
 */
import { idSchema, nameSchema, type User } from '@gestcava/contracts';
import type { Database } from '../db/client.js';
import { AppError } from '../lib/app-error.js';
import { createSessionStore } from '../lib/auth/sessions.js';
import * as companiesRepo from '../modules/companies/companies.repository.js';
import { findUserByEmail } from '../modules/users/users.repository.js';
import { createUsersService } from '../modules/users/users.service.js';
import { check, validateEmail, validatePassword } from './admin-input.js';
import { CliError } from './common.js';

export { validateEmail, validatePassword };

export const DEFAULT_COMPANY_NAME = 'La mia azienda';

export interface CreateAdminInput {
  email: string;
  password: string;
  name?: string | undefined;
  /** A company's name or id; default: the group's first company, or a new 'La mia azienda'. */
  company?: string | undefined;
}

export interface CreateAdminResult {
  user: User;
  company: { id: string; name: string; created: boolean };
}

/** A name for the account when --name is not given: the email's local part, capitalised. */
function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? 'amministratore';
  const words = local.split(/[._-]+/).filter(Boolean);
  const name = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
  return name || 'Amministratore';
}

async function resolveCompany(database: Database, company: string | undefined) {
  const { db } = database;
  const all = await companiesRepo.listCompanies(db);
  if (all.length === 0) {
    const name = check(nameSchema, company ?? DEFAULT_COMPANY_NAME);
    if (idSchema.safeParse(name).success) {
      throw new CliError(
        `Il database non ha aziende: --company deve essere un nome, non un id (${name})`,
      );
    }
    const row = await companiesRepo.insertCompany(db, { name, nazione: 'IT' });
    return { id: row.id, name: row.name, created: true };
  }
  if (company === undefined) {
    const first = all[0]!;
    return { id: first.id, name: first.name, created: false };
  }
  const wanted = company.trim();
  const match =
    all.find((c) => c.id === wanted.toLowerCase()) ??
    all.find((c) => c.name.toLowerCase() === wanted.toLowerCase());
  if (!match) {
    const names = all.map((c) => `  - ${c.name} (${c.id})`).join('\n');
    throw new CliError(`Nessuna azienda «${wanted}». Aziende esistenti:\n${names}`);
  }
  return { id: match.id, name: match.name, created: false };
}

/**
 * Creates an administrator. The caller has applied the migrations. Refuses an email already in use
 * and a password the web app would refuse, with the web app's Italian messages.
 */
export async function createAdmin(
  database: Database,
  input: CreateAdminInput,
): Promise<CreateAdminResult> {
  const email = validateEmail(input.email);
  const password = validatePassword(input.password);
  const name = check(nameSchema, input.name ?? nameFromEmail(email));
  if (await findUserByEmail(database.db, email)) {
    throw new CliError(`Esiste già un utente con l'email ${email}: nessuna modifica fatta`);
  }
  const company = await resolveCompany(database, input.company);
  // The users service only reads the session store for changes to existing users.
  const sessions = createSessionStore({
    db: database.db,
    policy: { idleMs: 8 * 3600_000, absoluteMs: 12 * 3600_000 },
  });
  const users = createUsersService({ db: database.db, sessions });
  try {
    const user = await users.register(
      { name, email, password, role: 'admin', companyId: company.id },
      company.id,
      'self',
    );
    return { user, company };
  } catch (error) {
    if (error instanceof AppError) throw new CliError(error.message);
    throw error;
  }
}
