import { SPESSORI_LASTRE_MM, lastreMassime, type LastraMisura } from '@gestcava/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lavorazioniLastre, macchine, ubicazioni } from '../../db/schema/index.js';
import { companyScope, companyTable } from '../../lib/company-table.js';
import { addDays, todayInRome } from '../../lib/dates.js';
import { blocchiDisponibili } from '../blocchi/blocchi-demo.reads.js';
import type { MagazzinoService } from '../magazzino/magazzino.service.js';
import type { LavorazioniLastreService } from './lavorazioni-lastre.service.js';

/**
 * docs/screens.md "Demo data": each demo company has sawn blocks into slabs (the oldest `disponibile` ones), and has
 * one sawing under way. Through the service, so stock, ledger, block states and history agree.
 */
export async function seedLavorazioniLastre(
  db: Db,
  lavorazioni: LavorazioniLastreService,
  magazzino: Pick<MagazzinoService, 'backdateCaricoOfLavorazione'>,
  companies: Array<{ companyId: string; userId: string; completate: number; ubicazione: string }>,
) {
  for (const c of companies) {
    const actor = { companyId: c.companyId, userId: c.userId, isAdmin: false };
    const [macchina] = await db
      .select()
      .from(macchine)
      .where(companyScope(macchine, c.companyId, eq(macchine.attiva, true)))
      .orderBy(asc(macchine.nome))
      .limit(1);
    const [ubicazione] = await db
      .select()
      .from(ubicazioni)
      .where(companyScope(ubicazioni, c.companyId, eq(ubicazioni.nome, c.ubicazione)));
    if (!macchina || !ubicazione) continue;
    const candidates = await blocchiDisponibili(db, c.companyId, c.completate + 1);
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
      if (i === c.completate) {
        await backdate(db, magazzino, c.companyId, lav._id, addDays(todayInRome(), -1), null);
        continue;
      }
      await lavorazioni.completa(actor, lav._id, {
        lastre: demoSlabs(b, { spessoreMm, kerfMm: macchina.kerfMm, rifiloMm: macchina.rifiloMm }),
        lastrePerPacco: 20,
        ubicazioneId: ubicazione.id,
      });
      const inizio = addDays(todayInRome(), -(candidates.length - i) * 9);
      await backdate(db, magazzino, c.companyId, lav._id, inizio, addDays(inizio, 2));
    }
  }
}

/**
 * The block's net face less the trimmed edges, a little smaller at the ends; across its depth nine in
 * ten of the slabs the machine's kerf and trim allow (the rest break), so completion accepts them.
 */
function demoSlabs(
  b: { lunghezzaNetta: number; altezzaNetta: number; profonditaNetta: number },
  taglio: { spessoreMm: number; kerfMm: number; rifiloMm: number },
): LastraMisura[] {
  const count = Math.min(60, Math.floor(lastreMassime(b.profonditaNetta, taglio) * 0.9));
  return Array.from({ length: count }, (_, k) => {
    const edge = k < 2 || k >= count - 2 ? 60 : 30;
    return {
      lunghezzaMm: b.lunghezzaNetta * 10 - edge - (k % 3) * 5,
      altezzaMm: b.altezzaNetta * 10 - edge,
      ...(k === 0 || k === count - 1 ? { scelta: 'seconda' as const } : {}),
      ...(k % 17 === 5 ? { difetti: ['macchia' as const] } : {}),
    };
  });
}

const sawings = companyTable(lavorazioniLastre);

/** Spreads the demo sawings over the last weeks instead of all today. */
async function backdate(
  db: Db,
  magazzino: Pick<MagazzinoService, 'backdateCaricoOfLavorazione'>,
  companyId: string,
  id: string,
  inizio: string,
  fine: string | null,
) {
  const at = sql`(${fine ?? inizio}::date + time '16:30') at time zone 'Europe/Rome'`;
  // the creation date is the row's past, not an edit: `update` would touch `updatedAt` too
  await db
    .update(lavorazioniLastre)
    .set({
      dataInizio: inizio,
      dataFine: fine,
      createdAt: sql`(${inizio}::date - 2 + time '08:00') at time zone 'Europe/Rome'`,
    })
    .where(sawings.inCompany(companyId, id));
  if (!fine) return;
  await magazzino.backdateCaricoOfLavorazione(db, companyId, id, at);
}
