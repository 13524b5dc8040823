import { SPESSORI_LASTRE_MM, lastreMassime, type LastraMisura } from '@gestcava/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  blocchi,
  lastre,
  lavorazioniLastre,
  macchine,
  movimenti,
  pacchi,
  ubicazioni,
} from '../../db/schema/index.js';
import { addDays, todayInRome } from '../../lib/dates.js';
import type { LavorazioniLastreService } from './lavorazioni-lastre.service.js';

/**
 * docs/screens.md "Demo data": each demo company has sawn blocks into slabs (the oldest `disponibile` ones), and has
 * one sawing under way. Through the service, so stock, ledger, block states and history agree.
 */
export async function seedLavorazioniLastre(
  db: Db,
  lavorazioni: LavorazioniLastreService,
  companies: Array<{ companyId: string; userId: string; completate: number; ubicazione: string }>,
) {
  for (const c of companies) {
    const actor = { companyId: c.companyId, userId: c.userId, isAdmin: false };
    const [macchina] = await db
      .select()
      .from(macchine)
      .where(and(eq(macchine.companyId, c.companyId), eq(macchine.attiva, true)))
      .orderBy(asc(macchine.nome))
      .limit(1);
    const [ubicazione] = await db
      .select()
      .from(ubicazioni)
      .where(and(eq(ubicazioni.companyId, c.companyId), eq(ubicazioni.nome, c.ubicazione)));
    if (!macchina || !ubicazione) continue;
    const candidates = await db
      .select()
      .from(blocchi)
      .where(and(eq(blocchi.companyId, c.companyId), eq(blocchi.stato, 'disponibile')))
      .orderBy(asc(blocchi.createdAt), asc(blocchi.id))
      .limit(c.completate + 1);
    for (const [i, b] of candidates.entries()) {
      const spessoreMm = SPESSORI_LASTRE_MM[i % 2]!;
      const lav = await lavorazioni.create(actor, {
        bloccoId: b.id,
        macchinaId: macchina.id,
        spessoreMm,
        finitura: i % 3 === 1 ? 'levigato' : 'grezzo',
        resinatura: i % 2 === 0,
        contoTerzi: false,
        note: null,
      });
      await lavorazioni.changeStato(actor, lav._id, { stato: 'in_segagione', nota: null });
      const daysAgo = (candidates.length - i) * 9;
      if (i === c.completate) {
        await backdate(db, lav._id, addDays(todayInRome(), -1), null);
        continue;
      }
      // The block's net face less the trimmed edges, a little smaller at the ends; across its depth
      // nine in ten of the slabs the machine's kerf and trim allow (the rest break), so completion accepts them.
      const count = Math.min(
        60,
        Math.floor(
          lastreMassime(b.profonditaNetta, {
            spessoreMm,
            kerfMm: macchina.kerfMm,
            rifiloMm: macchina.rifiloMm,
          }) * 0.9,
        ),
      );
      const slabs: LastraMisura[] = Array.from({ length: count }, (_, k) => {
        const edge = k < 2 || k >= count - 2 ? 60 : 30;
        return {
          lunghezzaMm: b.lunghezzaNetta * 10 - edge - (k % 3) * 5,
          altezzaMm: b.altezzaNetta * 10 - edge,
          ...(k === 0 || k === count - 1 ? { scelta: 'seconda' as const } : {}),
          ...(k % 17 === 5 ? { difetti: ['macchia' as const] } : {}),
        };
      });
      await lavorazioni.completa(actor, lav._id, {
        lastre: slabs,
        lastrePerPacco: 20,
        ubicazioneId: ubicazione.id,
      });
      await backdate(
        db,
        lav._id,
        addDays(todayInRome(), -daysAgo),
        addDays(todayInRome(), -daysAgo + 2),
      );
    }
  }
}

/** Spreads the demo sawings over the last weeks instead of all today. */
async function backdate(db: Db, id: string, inizio: string, fine: string | null) {
  const at = sql`(${fine ?? inizio}::date + time '16:30') at time zone 'Europe/Rome'`;
  await db
    .update(lavorazioniLastre)
    .set({
      dataInizio: inizio,
      dataFine: fine,
      createdAt: sql`(${inizio}::date - 2 + time '08:00') at time zone 'Europe/Rome'`,
    })
    .where(eq(lavorazioniLastre.id, id));
  if (!fine) return;
  const ofLavorazione = sql`(select ${pacchi.id} from ${pacchi} where ${pacchi.lavorazioneId} = ${id})`;
  await db.update(pacchi).set({ createdAt: at }).where(eq(pacchi.lavorazioneId, id));
  await db
    .update(lastre)
    .set({ createdAt: at })
    .where(sql`${lastre.paccoId} in ${ofLavorazione}`);
  await db
    .update(movimenti)
    .set({ createdAt: at })
    .where(sql`${movimenti.paccoId} in ${ofLavorazione}`);
}
