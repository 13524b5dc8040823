import { permissionPreset, type Permissions } from '@gestcava/contracts';
import { like } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companies, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/auth/passwords.js';
import { createServices, type Services } from '../services.js';
import { seedAnagrafica } from '../modules/anagrafica/anagrafica.seed.js';
import { seedProduction } from '../modules/blocchi/production.seed.js';
import { seedChat } from '../modules/chat/chat.seed.js';
import { seedCollaudi } from '../modules/collaudi/collaudi.seed.js';
import { seedDdt } from '../modules/ddt/ddt.seed.js';
import { seedLavorazioniLastre } from '../modules/lavorazioni-lastre/lavorazioni-lastre.seed.js';
import { seedLavorazioniPavimenti } from '../modules/lavorazioni-pavimenti/lavorazioni-pavimenti.seed.js';
import { seedStock } from '../modules/magazzino/stock.seed.js';
import { seedTrasferimenti } from '../modules/trasferimenti/trasferimenti.seed.js';

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
  },
} as const;

/** DESIGN §7: the demo users, all with the same password, each with the permission preset of their job. */
export const DEMO_USERS: Array<DemoLogin & { name: string; companyKey: keyof typeof DEMO_COMPANIES }> = [
  { email: 'admin@cava.example', name: 'Giulia Bertolini', role: 'admin', company: 'Marmi Demo', companyKey: 'marmi', permissions: {} },
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

export interface DemoContext {
  db: Db;
  /** The same services the app serves (services.ts): the demo writes through them. */
  services: Services;
  companyIds: Record<keyof typeof DEMO_COMPANIES, string>;
  userIds: Record<string, string>;
}

/**
 * Later modules add their demo data as further steps here (DESIGN §7), each receiving the ids made
 * before it, so an empty database always shows a living quarry.
 */
const steps: Array<(ctx: DemoContext) => Promise<void>> = [
  (ctx) => seedAnagrafica(ctx.db, Object.values(ctx.companyIds), ctx.userIds['admin@cava.example']!),
  (ctx) => seedProduction(ctx.db, { marmiId: ctx.companyIds.marmi, segheriaId: ctx.companyIds.segheria, userId: ctx.userIds['produzione@cava.example']! }),
  (ctx) =>
    seedLavorazioniLastre(ctx.db, ctx.services.lavorazioniLastre, [
      { companyId: ctx.companyIds.marmi, userId: ctx.userIds['magazzino@cava.example']!, completate: 4, ubicazione: 'Piazzale Avenza' },
      { companyId: ctx.companyIds.segheria, userId: ctx.userIds['segheria@cava.example']!, completate: 3, ubicazione: 'Cavalletti capannone A' },
    ]),
  // After the sawing step: it cuts tiles from the slabs that step leaves in stock.
  (ctx) => seedLavorazioniPavimenti(ctx.db, ctx.services.lavorazioniPavimenti, { marmiId: ctx.companyIds.marmi, userId: ctx.userIds['magazzino@cava.example']! }),
  (ctx) => seedStock(ctx.db, ctx.services, { marmiId: ctx.companyIds.marmi, userId: ctx.userIds['magazzino@cava.example']! }),
  (ctx) =>
    seedTrasferimenti(ctx.db, ctx.services, {
      marmiId: ctx.companyIds.marmi,
      segheriaId: ctx.companyIds.segheria,
      marmiUserId: ctx.userIds['admin@cava.example']!,
      segheriaUserId: ctx.userIds['segheria@cava.example']!,
    }),
  // After the transfers: the blocks they took are no longer for sale here.
  (ctx) => seedCollaudi(ctx.db, ctx.services, { marmiId: ctx.companyIds.marmi, userId: ctx.userIds['vendite@cava.example']! }),
  // After the sales: what they sold leaves with its DDT.
  (ctx) => seedDdt(ctx.db, ctx.services, { marmiId: ctx.companyIds.marmi, segheriaId: ctx.companyIds.segheria, userId: ctx.userIds['vendite@cava.example']! }),
  (ctx) => seedChat(ctx.db, ctx.userIds),
];

export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ctx = await db.transaction(async (tx) => {
    const marmi = await tx.insert(companies).values(DEMO_COMPANIES.marmi).returning({ id: companies.id });
    const segheria = await tx.insert(companies).values(DEMO_COMPANIES.segheria).returning({ id: companies.id });
    const companyIds = { marmi: marmi[0]!.id, segheria: segheria[0]!.id };
    const userIds: Record<string, string> = {};
    for (const u of DEMO_USERS) {
      const [row] = await tx
        .insert(users)
        .values({ email: u.email, name: u.name, role: u.role, companyId: companyIds[u.companyKey], permissions: u.permissions, passwordHash })
        .returning({ id: users.id });
      userIds[u.email] = row!.id;
    }
    return { db, services: createServices({ db }), companyIds, userIds };
  });
  for (const step of steps) await step(ctx);
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: companies.id }).from(companies).limit(1);
  return rows.length === 0;
}

export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(like(users.email, `%${DEMO_EMAIL_DOMAIN}`)).limit(1);
  return rows.length > 0;
}
