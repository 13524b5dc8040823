import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ubicazioni } from '../../db/schema/index.js';
import { companyScope } from '../../lib/company-table.js';
import type { Actor } from '../../lib/actor.js';
import type { BloccoSegabile } from '@gestcava/contracts';
import type { LavorazioniPavimentiService } from './lavorazioni-pavimenti.service.js';

/** Tiles of a 2 cm cut yield about 25 m² per m³ of block (docs/domain.md, resa). */
const MQ_PER_M3 = 25;

/**
 * docs/screens.md "Demo data": Marmi Demo's tile line, through the same service calls as the web app so the ledger is
 * exact: a block cut into a lot of 305×305 tiles, one cut planned from another block and, when the
 * sawing demo left slabs in stock, a lot cut from a few of them.
 */
export async function seedLavorazioniPavimenti(
  db: Db,
  lavorazioni: LavorazioniPavimentiService,
  ctx: { marmiId: string; userId: string },
) {
  const actor: Actor = { companyId: ctx.marmiId, userId: ctx.userId, isAdmin: false };
  const [magazzino] = await db
    .select({ id: ubicazioni.id })
    .from(ubicazioni)
    .where(companyScope(ubicazioni, ctx.marmiId, eq(ubicazioni.tipo, 'piazzale_segheria')))
    .orderBy(asc(ubicazioni.nome))
    .limit(1);
  if (!magazzino) return;
  const blocks = await lavorazioni.blocchiTagliabili(ctx.marmiId, undefined);
  const [cut, planned] = blocks.filter((b) => b.origine === 'interno');
  if (cut) await seedFromBlock(lavorazioni, actor, cut, magazzino.id);
  if (planned) {
    await lavorazioni.create(actor, {
      bloccoId: planned._id,
      lunghezzaMm: 600,
      larghezzaMm: 600,
      spessoreMm: 20,
      finitura: 'levigato',
      bordo: 'bisellato',
      calibrato: true,
      note: null,
    });
  }
  await seedFromSlabs(lavorazioni, actor, magazzino.id);
}

/** A block cut into a lot of 305×305 tiles, about as many as a 2 cm cut yields. */
async function seedFromBlock(
  lavorazioni: LavorazioniPavimentiService,
  actor: Actor,
  cut: BloccoSegabile,
  ubicazioneId: string,
) {
  const lav = await lavorazioni.create(actor, {
    bloccoId: cut._id,
    lunghezzaMm: 305,
    larghezzaMm: 305,
    spessoreMm: 20,
    finitura: 'lucidato',
    bordo: 'vivo',
    calibrato: true,
    note: 'Marmette per il cantiere di Verona',
  });
  await lavorazioni.changeStato(actor, lav._id, { stato: 'in_lavorazione', nota: null });
  // never more than the block physically holds in this format (the completion refuses it)
  const pezzi = Math.min(Math.floor((cut.volumeNetto * MQ_PER_M3) / 0.093025), lav.pezziMassimi);
  await lavorazioni.completa(actor, lav._id, {
    pezzi,
    pezziPerCassa: 11,
    ubicazioneId,
  });
}

/** When the sawing demo left slabs in stock, a lot cut from a few of one bundle. */
async function seedFromSlabs(
  lavorazioni: LavorazioniPavimentiService,
  actor: Actor,
  ubicazioneId: string,
) {
  const slabs = await lavorazioni.lastreTagliabili(actor.companyId, {});
  const bundle = slabs.filter((s) => s.pacco._id === slabs[0]?.pacco._id).slice(0, 3);
  if (bundle.length) {
    const lav = await lavorazioni.create(actor, {
      lastraIds: bundle.map((s) => s._id),
      lunghezzaMm: 610,
      larghezzaMm: 305,
      spessoreMm: bundle[0]!.spessoreMm,
      finitura: 'levigato',
      bordo: 'vivo',
      calibrato: true,
      note: null,
    });
    await lavorazioni.changeStato(actor, lav._id, { stato: 'in_lavorazione', nota: null });
    // a few tiles short of the most the slabs hold: a chipped corner, a vein cut away
    await lavorazioni.completa(actor, lav._id, {
      pezzi: Math.max(1, lav.pezziMassimi - 3),
      pezziPerCassa: 8,
      ubicazioneId,
    });
  }
}
