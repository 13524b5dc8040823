import { clienti } from '../../db/schema/index.js';
import { addDays, todayInRome } from '../../lib/dates.js';
import type { Actor } from '../../lib/actor.js';
import type { SeedContext } from '../../lib/module.js';
import type { CondivisioniService } from './condivisioni.service.js';
import { companyScope } from '../../lib/company-table.js';
import { bloccoIdsDisponibili } from '../blocchi/blocchi-demo.reads.js';

const DAY = 86_400_000;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

/**
 * Two links of Marmi Demo: one running, sent to the buyer in Xiamen, opened and answered; one to a
 * French buyer that expired unanswered. Blocks are taken among those on offer (docs/condivisioni.md).
 */
export async function seedCondivisioni(ctx: SeedContext<{ condivisioni: CondivisioniService }>) {
  const { db, services, companyIds, userIds } = ctx;
  const userId = userIds['vendite@cava.example'] ?? userIds['admin@cava.example']!;
  const actor = { userId, companyId: companyIds.marmi, isAdmin: false };
  const rows = await bloccoIdsDisponibili(db, companyIds.marmi, 5);
  const clientiRows = await db
    .select({ id: clienti.id, ragioneSociale: clienti.ragioneSociale })
    .from(clienti)
    .where(companyScope(clienti, companyIds.marmi));
  const xiamen = clientiRows.find((c) => c.ragioneSociale.startsWith('Xiamen'));
  const provence = clientiRows.find((c) => c.ragioneSociale.startsWith('Marbres de Provence'));
  if (rows.length < 4 || !xiamen || !provence) return;
  await seedXiamen(services.condivisioni, actor, xiamen.id, rows);
  await seedProvence(services.condivisioni, actor, provence.id, rows[3]!.id);
}

/** The running link to the buyer in Xiamen: three blocks, two visits, three answers (one unread). */
async function seedXiamen(
  condivisioni: CondivisioniService,
  actor: Actor,
  clienteId: string,
  rows: Array<{ id: string }>,
) {
  const now = Date.now();
  const today = todayInRome();

  await condivisioni.importDemo(
    actor,
    {
      clienteId,
      blocchi: [rows[0]!.id, rows[1]!.id, rows[2]!.id],
      scadenza: addDays(today, 12),
      lingua: 'en',
      messaggio:
        'Dear Mr Chen, here are the three Bianco Carrara blocks we discussed. The hairline on the first block is marked on its photos.',
      creataIl: new Date(now - 2 * DAY),
    },
    [
      { at: new Date(now - 2 * DAY + 3 * 3600_000), indirizzo: '120.41.38.0/24', browser: IPHONE },
      { at: new Date(now - DAY), indirizzo: '120.41.38.0/24', browser: IPHONE },
    ],
    [
      {
        bloccoId: rows[0]!.id,
        risposta: 'richiesta_opzione',
        nota: 'Please hold it until our inspector arrives on the 15th.',
        at: new Date(now - DAY + 600_000),
        // the office read the first two; the third waits in the top bar's notice
        lettaAt: new Date(now - DAY + 3600_000),
      },
      {
        bloccoId: rows[1]!.id,
        risposta: 'interessato',
        nota: null,
        at: new Date(now - DAY + 660_000),
        lettaAt: new Date(now - DAY + 3600_000),
      },
      {
        bloccoId: rows[2]!.id,
        risposta: 'non_interessato',
        nota: 'Too many veins for our project.',
        at: new Date(now - DAY + 720_000),
      },
    ],
  );
}

/** The French buyer's link, expired after one visit and no answer. */
async function seedProvence(
  condivisioni: CondivisioniService,
  actor: Actor,
  clienteId: string,
  bloccoId: string,
) {
  const now = Date.now();
  const today = todayInRome();
  await condivisioni.importDemo(
    actor,
    {
      clienteId,
      blocchi: [bloccoId],
      scadenza: addDays(today, -3),
      lingua: 'it',
      messaggio: 'Buongiorno, le mandiamo il blocco di cui abbiamo parlato al telefono.',
      creataIl: new Date(now - 10 * DAY),
    },
    [{ at: new Date(now - 9 * DAY), indirizzo: '82.64.120.0/24', browser: ANDROID }],
    [],
  );
}
