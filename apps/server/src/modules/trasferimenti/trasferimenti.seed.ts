import { lastreMassime, type Trasferimento } from '@gestcava/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { macchine, ubicazioni } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { companyScope } from '../../lib/company-table.js';
import { bloccoIdsLiberi, misureNetteBlocco } from '../blocchi/blocchi-demo.reads.js';
import type { LavorazioniLastreService } from '../lavorazioni-lastre/lavorazioni-lastre.service.js';
import type { TrasferimentiService } from './trasferimenti.service.js';

type SeedIds = { marmiId: string; segheriaId: string; marmiUserId: string; segheriaUserId: string };
type Macchina = typeof macchine.$inferSelect;

/** Marmi Demo sells two of its free blocks to the segheria, or nothing when it has fewer. */
async function sellBlocks(db: Db, trasferimenti: TrasferimentiService, ctx: SeedIds) {
  const marmi: Actor = { companyId: ctx.marmiId, userId: ctx.marmiUserId, isAdmin: true };
  const own = await bloccoIdsLiberi(db, ctx.marmiId, 'interno', 2);
  if (own.length < 2) return null;
  return trasferimenti.create(
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
}

/** The segheria's first active machine and first place, by name. */
async function segheriaPlant(db: Db, segheriaId: string) {
  const [macchina] = await db
    .select()
    .from(macchine)
    .where(companyScope(macchine, segheriaId, eq(macchine.attiva, true)))
    .orderBy(asc(macchine.nome))
    .limit(1);
  const [ubicazione] = await db
    .select()
    .from(ubicazioni)
    .where(companyScope(ubicazioni, segheriaId))
    .orderBy(asc(ubicazioni.nome))
    .limit(1);
  return { macchina, ubicazione };
}

/** The receiving side's own row of the first block the transfer moved. */
async function receivedBloccoId(
  trasferimenti: TrasferimentiService,
  segheriaId: string,
  transfer: Trasferimento,
) {
  const received = transfer.righe.find((r) => r.tipo === 'blocco');
  if (!received) return null;
  const [theirs] = (await trasferimenti.list(segheriaId, { page: 1, limit: 1, id: transfer._id }))
    .items;
  return theirs!.righe.find((r) => r.codice === received.codice)!.itemId;
}

/** The segheria user saws the block: planned, started and completed with most of what it can give. */
async function sawBlock(
  db: Db,
  segagioni: LavorazioniLastreService,
  segheria: Actor,
  bloccoId: string,
  plant: { macchina: Macchina; ubicazioneId: string },
) {
  const { macchina } = plant;
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
  const b = await misureNetteBlocco(db, segheria.companyId, bloccoId);
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
    ubicazioneId: plant.ubicazioneId,
  });
}

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
  ctx: SeedIds,
) {
  const transfer = await sellBlocks(db, trasferimenti, ctx);
  if (!transfer) return;
  const segheria: Actor = { companyId: ctx.segheriaId, userId: ctx.segheriaUserId, isAdmin: false };
  const { macchina, ubicazione } = await segheriaPlant(db, ctx.segheriaId);
  if (!macchina || !ubicazione) return;
  const bloccoId = await receivedBloccoId(trasferimenti, ctx.segheriaId, transfer);
  if (!bloccoId) return;
  await sawBlock(db, segagioni, segheria, bloccoId, { macchina, ubicazioneId: ubicazione.id });
}
