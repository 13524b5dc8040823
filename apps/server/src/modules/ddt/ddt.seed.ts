import type { DdtCreate, DdtDaSpedire } from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { addDays, todayInRome } from '../../lib/dates.js';
import { collaudiConfermati } from '../collaudi/collaudi.reads.js';
import { clientiConScarichi } from '../magazzino/stock.reads.js';
import type { DdtService } from './ddt.service.js';

const VETTORE = {
  ragioneSociale: 'F.lli Tonarelli Autotrasporti S.r.l.',
  partitaIva: '00123450454',
  indirizzo: 'Via Aurelia 31, 54033 Carrara (MS)',
  targa: 'FK482TR',
};

/** Where an export by sea unloads: the quay of the port, not the buyer's seat abroad. */
const PORTO_MARINA = {
  indirizzo: 'Porto di Marina di Carrara, Viale Cristoforo Colombo',
  cap: '54033',
  comune: 'Carrara',
  provincia: 'MS',
  nazione: 'IT',
};

/**
 * A truck and its trailer weigh about 14 t and may not exceed 44 t on the road: at most 30 t of stone
 * per load. Blocks go into loads heaviest first, each into the first load it fits (a block above
 * 30 t would travel alone, as an exceptional transport; the demo has none).
 */
const PORTATA_KG = 30_000;
function carichi<T extends { pesoKg: number }>(elementi: T[]): T[][] {
  const loads: Array<{ kg: number; items: T[] }> = [];
  for (const e of [...elementi].sort((a, b) => b.pesoKg - a.pesoKg)) {
    const load = loads.find((l) => l.kg + e.pesoKg <= PORTATA_KG);
    if (load) {
      load.kg += e.pesoKg;
      load.items.push(e);
    } else loads.push({ kg: e.pesoKg, items: [e] });
  }
  return loads.map((l) => l.items);
}

const righeOf = (da: DdtDaSpedire) =>
  [...da.blocchi, ...da.pacchi, ...da.lastre, ...da.lotti].map((e) => ({
    entityType: e.entityType,
    id: e._id,
  }));

function bozza(clienteId: string, righe: DdtCreate['righe'], extra: Partial<DdtCreate>): DdtCreate {
  return {
    causale: 'vendita',
    clienteId,
    trasportoACura: 'vettore',
    vettore: VETTORE,
    porto: 'franco',
    aspetto: 'Blocchi sfusi',
    inizioTrasporto: null,
    note: null,
    righe,
    ...extra,
  };
}

type Collaudo = Awaited<ReturnType<typeof collaudiConfermati>>[number];

/** The body of one truckload of a collaudo's blocks: to the port for export by sea, else collected. */
function bozzaCollaudo(c: Collaudo, carico: Array<{ _id: string }>, estero: boolean): DdtCreate {
  return bozza(
    c.clienteId,
    carico.map((e) => ({ entityType: 'blocco' as const, id: e._id })),
    {
      // export by sea: the haulier takes the blocks to the port; Italian buyers collect with their own truck
      trasportoACura: estero ? 'vettore' : 'destinatario',
      vettore: estero ? VETTORE : undefined,
      destinazione: estero ? PORTO_MARINA : undefined,
      porto: estero ? 'franco' : 'assegnato',
      // the day is in the past: the transport starts at the emission the demo dates (a new draft's start is never before today)
      inizioTrasporto: null,
      note: `Collaudo ${c.codice}${estero ? ': al porto di Marina di Carrara per l’imbarco' : ''}`,
    },
  );
}

/**
 * The blocks of the older confirmed collaudi, each shipped a few days after the inspection; the first
 * export's DDT is cancelled (the ship left without the container) and issued again two days later.
 */
async function spedisciCollaudi(ddt: DdtService, actor: Actor, confermati: Collaudo[]) {
  const today = todayInRome();
  let annullato = false;
  for (const c of confermati) {
    // each year its own series: a DDT of last year's inspection would be numbered in last year's
    const data = [addDays(c.data, 3), today].sort()[0]!;
    // the blocks it sold are those still to ship to its cliente (a rejected block is not sold)
    if (c.bloccoIds.length === 0 || !data.startsWith(today.slice(0, 4))) continue;
    const estero = c.resa?.startsWith('FOB') ?? false;
    const ids = new Set(c.bloccoIds);
    const daSpedire = await ddt.daSpedire(actor.companyId, { clienteId: c.clienteId });
    for (const carico of carichi(daSpedire.blocchi.filter((e) => ids.has(e._id)))) {
      const body = bozzaCollaudo(c, carico, estero);
      const draft = await ddt.create(actor, body);
      await ddt.emetti(actor, draft._id, { data, at: new Date(`${data}T07:00:00Z`) });
      if (annullato || !estero) continue;
      // the ship left without the container: the DDT is cancelled and the blocks leave two days later
      annullato = true;
      await ddt.annulla(
        actor,
        draft._id,
        'Container non imbarcato: i blocchi partono con il viaggio successivo',
        new Date(`${data}T16:00:00Z`),
      );
      const later = [addDays(data, 2), today].sort()[0]!;
      const again = await ddt.create(actor, body);
      await ddt.emetti(actor, again._id, { data: later, at: new Date(`${later}T07:00:00Z`) });
    }
  }
}

/** Today: what each cliente bought from stock (slabs and tiles), one DDT each. */
async function spedisciStock(ddt: DdtService, actor: Actor, acquirenti: readonly string[]) {
  for (const clienteId of acquirenti) {
    const da = await ddt.daSpedire(actor.companyId, { clienteId });
    const stock = righeOf({ ...da, blocchi: [] });
    if (stock.length === 0) continue;
    const draft = await ddt.create(
      actor,
      bozza(clienteId, stock, {
        aspetto: 'Pacchi su cavalletti, pavimenti in casse su bancale',
        trasportoACura: 'mittente',
        vettore: undefined,
      }),
    );
    await ddt.emetti(actor, draft._id);
  }
}

/** Today: the blocks sold to the group's sawmill by truckload, what else it bought with the first. */
async function spedisciAlGruppo(ddt: DdtService, actor: Actor, segheriaId: string) {
  const gruppo = await ddt.daSpedire(actor.companyId, { destinazioneCompanyId: segheriaId });
  const resto = righeOf({ ...gruppo, blocchi: [] });
  const viaggi = carichi(gruppo.blocchi).map((load, i) => [
    ...load.map((e) => ({ entityType: e.entityType, id: e._id })),
    ...(i === 0 ? resto : []),
  ]);
  if (viaggi.length === 0 && resto.length) viaggi.push(resto);
  for (const righe of viaggi) {
    const draft = await ddt.create(actor, {
      ...bozza('', righe, {
        trasportoACura: 'mittente',
        vettore: undefined,
        note: 'Blocchi per la segheria del gruppo',
      }),
      causale: 'trasferimento',
      clienteId: undefined,
      destinazioneCompanyId: segheriaId,
    });
    await ddt.emetti(actor, draft._id);
  }
}

/**
 * docs/screens.md "Demo data": a year of DDTs for Marmi Demo — the blocks of its older confirmed collaudi, each shipped a
 * few days after the inspection (one DDT cancelled and issued again), the slabs and tiles sold from
 * stock, and the blocks transferred to Segheria Demo — numbered without gaps in date order. The two
 * newest collaudi stay sold and unshipped, for the demo users to ship.
 */
export async function seedDdt(
  db: Db,
  { ddt }: { ddt: DdtService },
  ctx: { marmiId: string; segheriaId: string; userId: string },
) {
  const actor: Actor = { companyId: ctx.marmiId, userId: ctx.userId, isAdmin: false };
  const confermati = await collaudiConfermati(db, ctx.marmiId);
  await spedisciCollaudi(ddt, actor, confermati.slice(0, Math.max(0, confermati.length - 2)));
  await spedisciStock(ddt, actor, await clientiConScarichi(db, ctx.marmiId));
  await spedisciAlGruppo(ddt, actor, ctx.segheriaId);
}
