import { lastreMassime } from '@gestcava/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { macchine, ubicazioni } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { companyScope } from '../../lib/company-table.js';
import { bloccoIdsLiberi, misureNetteBlocco } from '../blocchi/blocchi-demo.reads.js';
import type { LavorazioniLastreService } from '../lavorazioni-lastre/lavorazioni-lastre.service.js';
import type { TrasferimentiService } from './trasferimenti.service.js';

/**
 * docs/screens.md "Demo data": the group's real flow — Marmi Demo sells two of its own blocks to Segheria Demo, and
 * the segheria user saws one of them. Through the services, as the web app would.
 */
export async function seedTrasferimenti(
  db: Db,
  {
    trasferimenti,
    lavorazioniLastre: segagioni,
  }: { trasferimenti: TrasferimentiService; lavorazioniLastre: LavorazioniLastreService },
  ctx: { marmiId: string; segheriaId: string; marmiUserId: string; segheriaUserId: string },
) {
  const marmi: Actor = { companyId: ctx.marmiId, userId: ctx.marmiUserId, isAdmin: true };
  const own = await bloccoIdsLiberi(db, ctx.marmiId, 'interno', 2);
  if (own.length < 2) return;
  const transfer = await trasferimenti.create(
    marmi,
    { role: 'admin', permissions: {} },
    {
      destinazioneCompanyId: ctx.segheriaId,
      blocchi: own.map((b, i) => ({ id: b.id, prezzo: 4800 + i * 650 })),
      pacchi: [],
      lotti: [],
      documento: 'Fattura 398/2026',
      note: 'Blocchi per la segheria del gruppo',
    },
  );

  const segheria: Actor = { companyId: ctx.segheriaId, userId: ctx.segheriaUserId, isAdmin: false };
  const [macchina] = await db
    .select()
    .from(macchine)
    .where(companyScope(macchine, ctx.segheriaId, eq(macchine.attiva, true)))
    .orderBy(asc(macchine.nome))
    .limit(1);
  const [ubicazione] = await db
    .select()
    .from(ubicazioni)
    .where(companyScope(ubicazioni, ctx.segheriaId))
    .orderBy(asc(ubicazioni.nome))
    .limit(1);
  const received = transfer.righe.find((r) => r.tipo === 'blocco');
  if (!macchina || !ubicazione || !received) return;
  // the receiving side's own row of that block
  const [theirs] = (
    await trasferimenti.list(ctx.segheriaId, { page: 1, limit: 1, id: transfer._id })
  ).items;
  const bloccoId = theirs!.righe.find((r) => r.codice === received.codice)!.itemId;
  const lav = await segagioni.create(segheria, {
    bloccoId,
    macchinaId: macchina.id,
    spessoreMm: 30,
    finitura: 'levigato',
    resinatura: true,
    contoTerzi: false,
    note: 'Blocco ricevuto da Marmi Demo',
  });
  await segagioni.changeStato(segheria, lav._id, { stato: 'in_segagione', nota: null });
  // What the block can give: its net face less the trimmed edges, and most of the slabs
  // its depth allows on this machine.
  const b = await misureNetteBlocco(db, ctx.segheriaId, bloccoId);
  const numeroLastre = Math.floor(
    lastreMassime(b!.profonditaNetta, {
      spessoreMm: 30,
      kerfMm: macchina.kerfMm,
      rifiloMm: macchina.rifiloMm,
    }) * 0.85,
  );
  await segagioni.completa(segheria, lav._id, {
    numeroLastre,
    lunghezzaMm: b!.lunghezzaNetta * 10 - 50,
    altezzaMm: b!.altezzaNetta * 10 - 50,
    lastrePerPacco: 19,
    ubicazioneId: ubicazione.id,
  });
}
