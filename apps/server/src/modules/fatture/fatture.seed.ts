import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { todayInRome } from '../../lib/dates.js';
import type { FattureService } from './fatture.service.js';
import { ddtEmessi } from '../ddt/ddt.reads.js';

/** The last day of the date's month, or today when that is earlier. */
function fineMese(data: string, today: string): string {
  const d = new Date(`${data.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1, 0);
  const last = d.toISOString().slice(0, 10);
  return last < today ? last : today;
}

type Emessa = { id: string; clienteId: string; data: string };

/** The emitted DDTs grouped by cliente and month, each group dated the month's last day (or today), in date order. */
async function gruppiDaFatturare(db: Db, companyId: string) {
  const today = todayInRome();
  const gruppi = new Map<string, { clienteId: string; data: string; ddtIds: string[] }>();
  for (const d of await ddtEmessi(db, companyId)) {
    const key = `${d.clienteId}|${d.data!.slice(0, 7)}`;
    const g = gruppi.get(key) ?? {
      clienteId: d.clienteId,
      data: fineMese(d.data!, today),
      ddtIds: [],
    };
    g.ddtIds.push(d.id);
    gruppi.set(key, g);
  }
  return [...gruppi.values()].sort((a, b) => a.data.localeCompare(b.data));
}

/** One fattura differita emitted and delivered; the second is rejected, corrected and emitted again. */
async function fatturaDifferita(
  fatture: FattureService,
  actor: Actor,
  g: { clienteId: string; data: string; ddtIds: string[] },
  scarto: boolean,
): Promise<Emessa> {
  const bozza = await fatture.create(actor, {
    clienteId: g.clienteId,
    tipoDocumento: 'TD24',
    data: g.data,
    ddtIds: g.ddtIds,
    causale: 'Vendita materiale lapideo',
    note: null,
  });
  const at = new Date(`${g.data}T17:00:00Z`);
  const e = await fatture.emetti(actor, bozza._id, at);
  await fatture.esito(actor, e._id, {
    esito: scarto ? 'scartata' : 'consegnata',
    data: g.data,
    note: scarto ? '00305: IdFiscaleIVA del cessionario non valido' : null,
  });
  if (scarto) {
    await fatture.correggi(actor, e._id);
    await fatture.emetti(actor, e._id, at);
    await fatture.esito(actor, e._id, { esito: 'consegnata', data: g.data, note: null });
  }
  return { id: e._id, clienteId: g.clienteId, data: g.data };
}

/** A nota di credito on the first invoice, for a defect found when the block was sawn. */
async function notaDiCredito(fatture: FattureService, actor: Actor, prima: Emessa, data: string) {
  const nota = await fatture.create(actor, {
    clienteId: prima.clienteId,
    tipoDocumento: 'TD04',
    data,
    fatturaCollegataId: prima.id,
    righe: [
      {
        descrizione: 'Riduzione di prezzo per difetto occulto (pelo) rilevato in segagione',
        quantita: 1,
        unitaMisura: null,
        prezzoUnitario: 350,
      },
    ],
    causale: null,
    note: null,
  });
  const e = await fatture.emetti(actor, nota._id, new Date(`${data}T17:30:00Z`));
  await fatture.esito(actor, e._id, { esito: 'consegnata', data, note: null });
}

/**
 * The demo's DDTs invoiced month by month (one fattura differita per cliente and month, dated the
 * month's last day or today), numbered in date order without gaps; the SDI delivered them, except
 * one scartata that was corrected and emitted again, and one nota di credito for a hidden defect.
 */
export async function seedFatture(
  db: Db,
  { fatture }: { fatture: FattureService },
  ctx: { marmiId: string; userId: string },
) {
  const actor: Actor = { companyId: ctx.marmiId, userId: ctx.userId, isAdmin: false };
  const fatte: Emessa[] = [];
  for (const g of await gruppiDaFatturare(db, ctx.marmiId))
    fatte.push(await fatturaDifferita(fatture, actor, g, fatte.length === 1));
  const prima = fatte[0];
  const ultima = fatte[fatte.length - 1];
  if (!prima || !ultima) return;
  await notaDiCredito(fatture, actor, prima, ultima.data);
}
