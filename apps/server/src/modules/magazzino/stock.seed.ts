import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lastre, lotti, materiali, pacchi } from '../../db/schema/index.js';
import { prezzoLastreDemo } from '../../lib/demo-prezzi.js';
import { addDays, todayInRome } from '../../lib/dates.js';
import type { Actor } from '../../lib/actor.js';
import type { AnagraficaService } from '../anagrafica/anagrafica.service.js';
import type { StockService } from './stock.service.js';
import { companyScope } from '../../lib/company-table.js';

type Materiale = typeof materiali.$inferSelect;
type Buyer = Awaited<ReturnType<AnagraficaService['pick']>>[number];

/** What each part of the stock's demo works with: the service, who acts, the buyers, the stones. */
interface StockSeed {
  db: Db;
  stock: StockService;
  actor: Actor;
  buyers: [Buyer, Buyer, Buyer];
  stone: (id: string) => Materiale;
  today: string;
}

/** A stock item's demo list price: by stone, scelta, thickness and finish. */
const listino = (
  seed: StockSeed,
  item: { materialeId: string; scelta: string; spessoreMm: number; finitura: string },
) =>
  prezzoLastreDemo(
    seed.stone(item.materialeId),
    item.scelta as 'prima',
    item.spessoreMm,
    item.finitura,
  );

/** The first bundle's slabs: two reserved (one ends tomorrow), one broken. */
async function seedSlabs(seed: StockSeed, paccoId: string) {
  const { db, stock, actor, today } = seed;
  const [a, b] = seed.buyers;
  const slabs = await db
    .select()
    .from(lastre)
    .where(and(eq(lastre.paccoId, paccoId), eq(lastre.stato, 'disponibile')))
    .orderBy(asc(lastre.progressivo))
    .limit(3);
  if (slabs[0])
    await stock.riservaLastra(actor, slabs[0].id, {
      clienteId: a._id,
      scadenza: addDays(today, 1),
    });
  if (slabs[1])
    await stock.riservaLastra(actor, slabs[1].id, {
      clienteId: b._id,
      scadenza: addDays(today, 12),
    });
  if (slabs[2])
    await stock.rottaLastra(
      actor,
      slabs[2].id,
      'Spigolo rotto nella movimentazione col carroponte',
    );
}

/** Bundles priced; the first's slabs at work, the second sold, the third reserved. */
async function seedBundles(seed: StockSeed) {
  const { db, stock, actor, today } = seed;
  const [, b, c] = seed.buyers;
  const bundles = await db
    .select()
    .from(pacchi)
    .where(companyScope(pacchi, actor.companyId, gt(pacchi.nLastre, 2)))
    .orderBy(asc(pacchi.codice));
  // by stone, scelta, thickness and finish: within a stone a seconda never lists above a prima
  for (const p of bundles)
    await stock.updatePacco(actor, p.id, {
      prezzoListino: listino(seed, p),
      scelta: p.scelta as 'prima',
      note: null,
    });
  const [first, second, third] = bundles;
  if (first) await seedSlabs(seed, first.id);
  if (second)
    // shipped with a DDT by the spedizioni step (ddt.seed.ts)
    await stock.vendiPacco(actor, second.id, {
      clienteId: c._id,
      // sold a little under its list price, as a trade buyer gets it
      prezzo: Math.round(listino(seed, second) * 0.95),
      unita: 'mq',
      documento: 'Ordine OC-2026-031',
    });
  if (third)
    await stock.riservaPacco(actor, third.id, { clienteId: b._id, scadenza: addDays(today, 20) });
}

/** Lots priced (the small 305 tiles by the box); the first partly reserved and sold. */
async function seedLots(seed: StockSeed) {
  const { db, stock, actor, today } = seed;
  const [a, , c] = seed.buyers;
  const lots = await db
    .select()
    .from(lotti)
    .where(companyScope(lotti, actor.companyId, gt(lotti.pezzi, 100)))
    .orderBy(asc(lotti.codice));
  // the small 305 tiles go by the box, as a shop sells them
  for (const l of lots)
    await stock.updateLotto(actor, l.id, {
      prezzoListino: listino(seed, l),
      scelta: l.scelta as 'prima',
      note: null,
      vendutoACasse: l.lunghezzaMm === 305,
    });
  const [lot] = lots;
  if (!lot) return;
  await stock.riservaLotto(actor, lot.id, {
    mq: 12,
    clienteId: a._id,
    scadenza: addDays(today, 1),
  });
  await stock.vendiLotto(actor, lot.id, {
    casse: 3,
    clienteId: c._id,
    prezzo: Math.round(listino(seed, lot) * 0.9),
    unita: 'mq',
    documento: 'Ordine OC-2026-034',
  });
}

/**
 * docs/screens.md "Demo data": Marmi Demo's stock at work — list prices on bundles and lots, slabs reserved (one
 * reservation ends tomorrow), a bundle sold and partly shipped, tiles reserved and sold. Through the
 * stock service, so the ledger and the history agree with the figures.
 */
export async function seedStock(
  db: Db,
  { stock, clienti }: { stock: StockService; clienti: AnagraficaService },
  ctx: { marmiId: string; userId: string },
) {
  const actor: Actor = { companyId: ctx.marmiId, userId: ctx.userId, isAdmin: false };
  const buyers = await clienti.pick(ctx.marmiId, undefined);
  if (buyers.length < 3) return;
  const stones = await db.select().from(materiali).where(companyScope(materiali, ctx.marmiId));
  const seed: StockSeed = {
    db,
    stock,
    actor,
    buyers: buyers as [Buyer, Buyer, Buyer],
    stone: (id) => stones.find((m) => m.id === id)!,
    today: todayInRome(),
  };
  await seedBundles(seed);
  await seedLots(seed);
}
