import { permissionPreset, type Permissions } from '@gestcava/contracts';
import { like } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companies, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/auth/passwords.js';
import type { SeedContext } from '../lib/module.js';
import { MODULES } from '../modules.js';
import { createServices, type Services } from '../services.js';

export const DEMO_PASSWORD = 'Cava-Demo-2026';
export const DEMO_EMAIL_DOMAIN = '@cava.example';

export interface DemoLogin {
  email: string;
  role: 'admin' | 'user';
  company: string;
  permissions: Permissions;
}

export const DEMO_COMPANIES = {
  marmi: {
    name: 'Marmi Demo S.r.l.',
    quarryName: 'Canalgrande',
    partitaIva: '01234567897',
    indirizzo: 'Via Carriona 112',
    cap: '54033',
    comune: 'Carrara',
    provincia: 'MS',
    nazione: 'IT',
    telefono: '+39 0585 123456',
    email: 'info@marmidemo.example',
    pec: 'marmidemo@pec.example',
    reaUfficio: 'MS',
    reaNumero: '098765',
    capitaleSociale: 50000,
    socioUnico: 'SM',
    iban: 'IT60X0542811101000000123456',
  },
  segheria: {
    name: 'Segheria Demo S.r.l.',
    quarryName: null,
    partitaIva: '04567890126',
    indirizzo: 'Viale XX Settembre 45',
    cap: '54033',
    comune: 'Carrara',
    provincia: 'MS',
    nazione: 'IT',
    telefono: '+39 0585 654321',
    email: 'info@segheriademo.example',
    pec: 'segheriademo@pec.example',
    reaUfficio: 'MS',
    reaNumero: '112233',
  },
} as const;

/** docs/screens.md "Demo data": the demo users, all with the same password, each with the permission preset of their job. */
export const DEMO_USERS: Array<
  DemoLogin & { name: string; companyKey: keyof typeof DEMO_COMPANIES }
> = [
  {
    email: 'admin@cava.example',
    name: 'Giulia Bertolini',
    role: 'admin',
    company: 'Marmi Demo',
    companyKey: 'marmi',
    permissions: {},
  },
  {
    email: 'produzione@cava.example',
    name: 'Marco Lazzerini',
    role: 'user',
    company: 'Marmi Demo',
    companyKey: 'marmi',
    permissions: permissionPreset('Produzione'),
  },
  {
    email: 'magazzino@cava.example',
    name: 'Sara Dell’Amico',
    role: 'user',
    company: 'Marmi Demo',
    companyKey: 'marmi',
    permissions: permissionPreset('Magazzino'),
  },
  {
    email: 'vendite@cava.example',
    name: 'Luca Baratta',
    role: 'user',
    company: 'Marmi Demo',
    companyKey: 'marmi',
    permissions: permissionPreset('Vendite'),
  },
  {
    email: 'segheria@cava.example',
    name: 'Paolo Ricci',
    role: 'user',
    company: 'Segheria Demo',
    companyKey: 'segheria',
    permissions: permissionPreset('Segheria'),
  },
];

export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ctx: SeedContext<Services> = await db.transaction(async (tx) => {
    const marmi = await tx
      .insert(companies)
      .values(DEMO_COMPANIES.marmi)
      .returning({ id: companies.id });
    const segheria = await tx
      .insert(companies)
      .values(DEMO_COMPANIES.segheria)
      .returning({ id: companies.id });
    const companyIds = { marmi: marmi[0]!.id, segheria: segheria[0]!.id };
    const userIds: Record<string, string> = {};
    for (const u of DEMO_USERS) {
      const [row] = await tx
        .insert(users)
        .values({
          email: u.email,
          name: u.name,
          role: u.role,
          companyId: companyIds[u.companyKey],
          permissions: u.permissions,
          passwordHash,
        })
        .returning({ id: users.id });
      userIds[u.email] = row!.id;
    }
    return { db, services: createServices({ db }), companyIds, userIds };
  });
  // docs/screens.md "Demo data": each module adds its demo data, in the list's order (modules.ts), so each step sees
  // the rows the steps before it made and an empty database always shows a living quarry.
  for (const module of MODULES) {
    // typed so, the compiler checks that each step needs only services the list builds
    const seed: ((ctx: SeedContext<Services>) => Promise<void>) | undefined = module.seed;
    if (seed) await seed(ctx);
  }
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: companies.id }).from(companies).limit(1);
  return rows.length === 0;
}

export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, `%${DEMO_EMAIL_DOMAIN}`))
    .limit(1);
  return rows.length > 0;
}
