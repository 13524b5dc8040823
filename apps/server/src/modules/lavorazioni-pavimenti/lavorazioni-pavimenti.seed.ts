import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ubicazioni } from '../../db/schema/index.js';
import { noCountCache } from '../../lib/count-cache.js';
import { createEntityRegistry } from '../../lib/entities.js';
import type { Actor } from '../../plugins/auth.js';
import { createAnagraficaService } from '../anagrafica/anagrafica.service.js';
import { createBancateService } from '../bancate/bancate.service.js';
import { createBlocchiService } from '../blocchi/blocchi.service.js';
import { createLookupsService } from '../lookups/lookups.service.js';
import { createMagazzinoService } from '../magazzino/magazzino.service.js';
import { createLavorazioniPavimentiService } from './lavorazioni-pavimenti.service.js';

/** The services a demo cut goes through, as the app wires them (the seed runs before the app exists). */
function services(db: Db) {
  const entities = createEntityRegistry();
  const [cave, materiali, ubicazioniService] = [createLookupsService({ db, kind: 'cave' }), createLookupsService({ db, kind: 'materiali' }), createLookupsService({ db, kind: 'ubicazioni' })];
  const bancate = createBancateService({ db, cave, materiali, entities });
  const clienti = createAnagraficaService({ db, kind: 'clienti' });
  const fornitori = createAnagraficaService({ db, kind: 'fornitori' });
  const blocchi = createBlocchiService({ db, bancate, materiali, ubicazioni: ubicazioniService, clienti, fornitori, entities, counts: noCountCache });
  return createLavorazioniPavimentiService({ db, blocchi, magazzino: createMagazzinoService({ db, entities }), ubicazioni: ubicazioniService, entities });
}

/** Tiles of a 2 cm cut yield about 25 m² per m³ of block (DOMAIN-NOTES, resa). */
const MQ_PER_M3 = 25;

/**
 * DESIGN §7: Marmi Demo's tile line, through the same service calls as the web app so the ledger is
 * exact: a block cut into a lot of 305×305 tiles, one cut planned from another block and, when the
 * sawing demo left slabs in stock, a lot cut from a few of them.
 */
export async function seedLavorazioniPavimenti(db: Db, ctx: { marmiId: string; userId: string }) {
  const lavorazioni = services(db);
  const actor: Actor = { companyId: ctx.marmiId, userId: ctx.userId, isAdmin: false };
  const [magazzino] = await db
    .select({ id: ubicazioni.id })
    .from(ubicazioni)
    .where(and(eq(ubicazioni.companyId, ctx.marmiId), eq(ubicazioni.tipo, 'piazzale_segheria')))
    .orderBy(asc(ubicazioni.nome))
    .limit(1);
  if (!magazzino) return;
  const blocks = await lavorazioni.blocchiTagliabili(ctx.marmiId, undefined);
  const [cut, planned] = blocks.filter((b) => b.origine === 'interno');
  if (cut) {
    const lav = await lavorazioni.create(actor, { bloccoId: cut._id, lunghezzaMm: 305, larghezzaMm: 305, spessoreMm: 20, finitura: 'lucidato', bordo: 'vivo', calibrato: true, note: 'Marmette per il cantiere di Verona' });
    await lavorazioni.changeStato(actor, lav._id, { stato: 'in_lavorazione', nota: null });
    const pezzi = Math.floor((cut.volumeNetto * MQ_PER_M3) / 0.093025);
    await lavorazioni.completa(actor, lav._id, { pezzi, pezziPerCassa: 11, scartoMq: Math.round(cut.volumeNetto * 3 * 100) / 100, ubicazioneId: magazzino.id });
  }
  if (planned) {
    await lavorazioni.create(actor, { bloccoId: planned._id, lunghezzaMm: 600, larghezzaMm: 600, spessoreMm: 20, finitura: 'levigato', bordo: 'bisellato', calibrato: true, note: null });
  }
  const slabs = await lavorazioni.lastreTagliabili(ctx.marmiId, {});
  const bundle = slabs.filter((s) => s.pacco._id === slabs[0]?.pacco._id).slice(0, 3);
  if (bundle.length) {
    const lav = await lavorazioni.create(actor, { lastraIds: bundle.map((s) => s._id), lunghezzaMm: 610, larghezzaMm: 305, spessoreMm: bundle[0]!.spessoreMm, finitura: 'levigato', bordo: 'vivo', calibrato: true, note: null });
    await lavorazioni.changeStato(actor, lav._id, { stato: 'in_lavorazione', nota: null });
    const mqLastre = bundle.reduce((a, s) => a + s.mq, 0);
    await lavorazioni.completa(actor, lav._id, { pezzi: Math.floor((mqLastre * 0.85) / 0.18605), pezziPerCassa: 8, scartoMq: null, ubicazioneId: magazzino.id });
  }
}
