import { pesoT, resaPercent, roundTo, volumeM3 } from '@gestcava/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { blocchi, clienti } from '../../db/schema/index.js';
import { recordAuditMany, type AuditEntry } from '../../lib/audit.js';
import { nextCode } from '../../lib/codes.js';
import { companyScope } from '../../lib/company-table.js';
import { addDays, todayInRome } from '../../lib/dates.js';
import { prezzoListinoDemo } from '../../lib/demo-prezzi.js';
import type { BancateService } from '../bancate/bancate.service.js';
import { seedLookups } from './production-lookups.seed.js';
import { created, day, drawsOf, isoDay, random, type Draws, type Tx } from './production-draws.js';
import { seedBlocchiEsterni } from './production-esterni.seed.js';

const STATI_CHIUSI = ['chiusa', 'chiusa', 'chiusa', 'in_riquadratura', 'ribaltata'] as const;
type Lookups = Awaited<ReturnType<typeof seedLookups>>;
type Materiale = Lookups['materiali'][number];

/** What every step of the Marmi Demo production draw shares. */
interface Run {
  tx: Tx;
  draws: Draws;
  bancate: Pick<BancateService, 'insertDemo' | 'fitDemo'>;
  marmiId: string;
  userId: string;
  marmi: Lookups;
  clientiMarmi: Array<{ id: string }>;
  yardUb: Lookups['ubicazioni'];
  audit: AuditEntry[];
  /** weighbridge tickets and scrapped blocks so far (the tickets are numbered, the scrapped capped) */
  counts: { pesate: number; scartati: number };
}

/**
 * docs/screens.md "Demo data": lookups for both companies, a year of bancate and blocchi at Marmi Demo in every state,
 * and blocchi esterni bought from the demo fornitori.
 */
export async function seedProduction(
  db: Db,
  bancate: Pick<BancateService, 'insertDemo' | 'fitDemo'>,
  ctx: { marmiId: string; segheriaId: string; userId: string },
) {
  const draws = drawsOf(random(2026));
  await db.transaction(async (tx) => {
    const marmi = await seedLookups(tx, ctx.marmiId, true);
    await seedLookups(tx, ctx.segheriaId, false);
    const clientiMarmi = await tx
      .select({ id: clienti.id })
      .from(clienti)
      .where(companyScope(clienti, ctx.marmiId));
    const run: Run = {
      tx,
      draws,
      bancate,
      marmiId: ctx.marmiId,
      userId: ctx.userId,
      marmi,
      clientiMarmi,
      yardUb: marmi.ubicazioni.filter((u) => u.tipo === 'piazzale_cava'),
      audit: [],
      counts: { pesate: 0, scartati: 0 },
    };
    // 18 bancate over the last year, oldest closed, newest still being cut or planned.
    for (let i = 0; i < 18; i++) await seedBancata(run, i);
    // Blocchi esterni bought at other quarries (Marmi Demo) and by the sawmill (Segheria Demo).
    for (const companyId of [ctx.marmiId, ctx.segheriaId])
      await seedBlocchiEsterni(tx, draws, companyId, run.audit, ctx.userId);
    await recordAuditMany(tx, run.audit);
  });
}

/** The state of the `i`-th bancata: the oldest closed, the newest still being cut or planned. */
function statoBancata(i: number) {
  if (i < 13) return STATI_CHIUSI[Math.min(i, 2)]!;
  if (i < 15) return 'in_riquadratura';
  if (i === 15) return 'ribaltata';
  return i === 16 ? 'in_taglio' : 'pianificata';
}

/**
 * A cut bancata's measures are fitted to the blocks squared from it, so its yield is the trade's
 * (20–40 % in blocks once closed, less while blocks are still to come), and a closed one's
 * by-products make its mass balance (blocks + informi + scaglie + scogliere + terre ≈ gross weight)
 * within a few per cent.
 */
async function seedBancata(run: Run, i: number) {
  const { tx, draws, marmi } = run;
  const { pick, between } = draws;
  const daysAgo = 360 - i * 20;
  const cava = i % 3 === 2 ? marmi.cave[1]! : marmi.cave[0]!;
  const materiale = pick(marmi.materiali.slice(0, 5));
  const dims = {
    lunghezza: between(900, 1600),
    altezza: between(500, 800),
    profondita: between(300, 500),
  };
  const volumeLordo = volumeM3(dims.lunghezza, dims.altezza, dims.profondita);
  const stato = statoBancata(i);
  const bancata = await run.bancate.insertDemo(tx, {
    companyId: run.marmiId,
    codice: await nextCode(tx, 'BA', day(daysAgo).getFullYear()),
    cavaId: cava.id,
    fronte: `Gradone ${between(1, 6)}, fronte ${pick(['nord', 'est', 'ovest'])}`,
    materialeId: materiale.id,
    dataTaglio: isoDay(day(daysAgo)),
    dataRibaltamento: ['chiusa', 'in_riquadratura', 'ribaltata'].includes(stato)
      ? isoDay(day(daysAgo - 4))
      : null,
    ...dims,
    volumeLordo,
    pesoStimato: pesoT(volumeLordo, materiale.densita),
    metodoTaglio: pick(['filo_diamantato', 'filo_diamantato', 'misto'] as const),
    stato,
    createdAt: day(daysAgo),
  });
  run.audit.push(created(run.marmiId, 'bancata', bancata.id, run.userId));
  if (!['chiusa', 'in_riquadratura', 'ribaltata'].includes(stato)) return;

  const count = stato === 'ribaltata' ? 2 : stato === 'chiusa' ? between(6, 10) : between(4, 8);
  /** m³ of the squared blocks (the yield's), t of them and of the informi (by the weight rule) */
  const totals = { squadratiM3: 0, squadratiT: 0, informiBlocchiT: 0 };
  const bancataOf = { id: bancata.id, cava, materiale, stato, daysAgo, i };
  for (let k = 0; k < count; k++) await seedBloccoDiBancata(run, bancataOf, k, totals);
  await fitBancata(run, bancataOf, totals);
}

interface BancataDraw {
  id: string;
  cava: Lookups['cave'][number];
  materiale: Materiale;
  stato: string;
  daysAgo: number;
  i: number;
}
interface BancataTotals {
  squadratiM3: number;
  squadratiT: number;
  informiBlocchiT: number;
}

/** The block's gross and net measures and volumes. */
function drawMisure({ between }: Draws) {
  const l = between(230, 310);
  const h = between(110, 170);
  const p = between(90, 150);
  const net = {
    lunghezzaNetta: l - between(0, 10),
    altezzaNetta: h - between(0, 8),
    profonditaNetta: p - between(0, 8),
  };
  const vl = volumeM3(l, h, p);
  const vn = volumeM3(net.lunghezzaNetta, net.altezzaNetta, net.profonditaNetta);
  return { lordo: { lunghezza: l, altezza: h, profondita: p }, net, vl, vn };
}
type Misure = ReturnType<typeof drawMisure>;

/** The block's state, shape and soundness; the scrapped ones capped at a handful. */
function drawCondizione(run: Run, stato: string) {
  const { rnd, pick } = run.draws;
  // Sawn and sold blocks come from real sawings and collaudi (lavorazioni-lastre.seed.ts,
  // collaudi.seed.ts), so this draw never says `segato`, `in_collaudo`, `venduto` or `spedito`.
  const drawn =
    stato === 'chiusa'
      ? pick([
          'disponibile',
          'disponibile',
          'disponibile',
          'disponibile',
          'disponibile',
          'opzionato',
          'opzionato',
          'scartato',
        ] as const)
      : pick(['in_piazzale', 'disponibile'] as const);
  const categoria = rnd() < 0.15 ? 'informe' : rnd() < 0.3 ? 'semisquadrato' : 'squadrato';
  const difettoso = rnd() < 0.2;
  // A block is scrapped for a defect that makes it worthless (an open crack through it), and that
  // is rare: a handful a year. A sound block the draw would scrap stays on offer with an option.
  const scrap = drawn === 'scartato' && difettoso && run.counts.scartati < 5;
  if (scrap) run.counts.scartati += 1;
  const optioned = drawn === 'scartato' && !scrap;
  return { categoria, difettoso, scrap, optioned, state: optioned ? 'opzionato' : drawn };
}
type Condizione = ReturnType<typeof drawCondizione>;

/** Its weighbridge reading, traceability code, scelta, defect, place in the yard and list price. */
function drawDettagli(run: Run, { cava, materiale }: BancataDraw, m: Misure, c: Condizione) {
  const { rnd, pick, between } = run.draws;
  const pesoPesa =
    rnd() < 0.5 ? roundTo(pesoT(m.vl, materiale.densita) + between(-30, 30) / 100, 2) : null;
  const peso = pesoPesa ?? pesoT(m.vn, materiale.densita);
  // drawn in the order the demo always drew them, so every other figure stays the same
  const tracciabilita =
    rnd() < 0.6 ? `CARRARA-${cava.codice}-${String(between(10000, 99999))}` : null;
  const scelta = pick(['prima', 'prima', 'seconda', 'commerciale'] as const);
  const difetto = c.difettoso ? pick(['pelo', 'macchia', 'vena', 'spigolo'] as const) : null;
  const ubicazione = pick(run.yardUb);
  const listino = prezzoListinoDemo(
    materiale,
    c.scrap ? 'commerciale' : scelta,
    c.categoria === 'informe',
    rnd(),
  );
  return { pesoPesa, peso, tracciabilita, scelta, difetto, ubicazione, listino };
}
type Dettagli = ReturnType<typeof drawDettagli>;

/** Who holds an optioned block and until when: the sound blocks the draw would scrap go round the clienti. */
function drawOpzione(run: Run, k: number, c: Condizione) {
  const { pick, between } = run.draws;
  const clienti = run.clientiMarmi;
  const withCustomer = c.state === 'opzionato';
  const clienteId = c.optioned
    ? (clienti[k % clienti.length]?.id ?? null)
    : withCustomer && clienti.length
      ? pick(clienti).id
      : null;
  const opzioneScadenza = c.optioned
    ? addDays(todayInRome(), 5 + (k % 10))
    : c.state === 'opzionato'
      ? addDays(todayInRome(), between(3, 20))
      : null;
  return { clienteId, opzioneScadenza };
}

/** The block's row as drawn, squared `age` days ago. */
async function insertBlocco(
  run: Run,
  b: BancataDraw,
  age: number,
  {
    m,
    c,
    d,
    opzione,
  }: { m: Misure; c: Condizione; d: Dettagli; opzione: ReturnType<typeof drawOpzione> },
) {
  const { materiale } = b;
  const [blocco] = await run.tx
    .insert(blocchi)
    .values({
      companyId: run.marmiId,
      codice: await nextCode(run.tx, 'BL', day(age).getFullYear()),
      origine: 'interno',
      bancataId: b.id,
      cavaId: b.cava.id,
      materialeId: materiale.id,
      codiceTracciabilita: d.tracciabilita,
      scelta: c.scrap ? 'commerciale' : d.scelta,
      categoria: c.categoria,
      difettoso: c.difettoso,
      difetti: c.scrap ? ['crepa', d.difetto!] : c.difettoso ? [d.difetto!] : [],
      noteDifetti: c.scrap ? 'Crepa aperta passante: il blocco non regge la segagione' : null,
      ...m.lordo,
      ...m.net,
      volumeLordo: m.vl,
      volumeNetto: m.vn,
      pesoTeorico: pesoT(m.vn, materiale.densita),
      pesoPesa: d.pesoPesa,
      ubicazioneId: d.ubicazione.id,
      prezzoListino: d.listino.prezzo,
      unitaPrezzo: d.listino.unita,
      ...opzione,
      stato: c.state,
      dataRiquadratura: addDays(todayInRome(), -age),
      createdAt: day(age),
    })
    .returning({ id: blocchi.id, pesoPesa: blocchi.pesoPesa });
  return blocco!;
}

/** A weighed block crossed the quarry's weighbridge the day it was squared: every reading has its ticket. */
async function recordPesata(run: Run, b: BancataDraw, age: number, id: string) {
  run.counts.pesate += 1;
  await run.tx
    .update(blocchi)
    .set({
      dataPesata: isoDay(day(age)),
      numeroPesata: `PS-${b.cava.codice}-${String(run.counts.pesate).padStart(4, '0')}`,
    })
    .where(eq(blocchi.id, id));
}

/** The `k`-th block squared from the bancata, with its weighing and its history line. */
async function seedBloccoDiBancata(run: Run, b: BancataDraw, k: number, totals: BancataTotals) {
  const m = drawMisure(run.draws);
  // A closed bancata's blocks were squared days after it was cut; the bancate still being squared
  // give blocks over the last weeks, so the dashboard's "m³ this month" is never an empty quarry.
  const age = b.stato === 'chiusa' ? b.daysAgo - 6 - k : (15 - b.i) * 18 + 2 * k;
  const c = drawCondizione(run, b.stato);
  const d = drawDettagli(run, b, m, c);
  if (c.categoria === 'informe') totals.informiBlocchiT += d.peso;
  else {
    totals.squadratiM3 += m.vn;
    totals.squadratiT += d.peso;
  }
  const opzione = drawOpzione(run, k, c);
  const blocco = await insertBlocco(run, b, age, { m, c, d, opzione });
  if (blocco.pesoPesa !== null) await recordPesata(run, b, age, blocco.id);
  run.audit.push(created(run.marmiId, 'blocco', blocco.id, run.userId));
}

/** The bancata's measures from its blocks: 22–38 % of it squared once closed, 12–20 % while squaring. */
async function fitBancata(run: Run, b: BancataDraw, totals: BancataTotals) {
  const { rnd, between } = run.draws;
  const resaVoluta = b.stato === 'chiusa' ? 0.22 + rnd() * 0.16 : 0.12 + rnd() * 0.08;
  // (a toppled bancata whose first blocks are all informi still has a size)
  const profondita = between(250, 400);
  const faccia = ((Math.max(totals.squadratiM3, 8) / resaVoluta) * 1e6) / profondita;
  // a long slice of the bench: at least twice as long as it is high
  const altezza = Math.min(between(450, 700), Math.round(Math.sqrt(faccia / 2)));
  const fitted = { lunghezza: Math.round(faccia / altezza), altezza, profondita };
  const lordo = volumeM3(fitted.lunghezza, fitted.altezza, fitted.profondita);
  const lordoT = pesoT(lordo, b.materiale.densita);
  // What is left of the gross weight, split as a Carrara bench gives it (loose informi, scaglie bianche,
  // the darker veined scaglie sorted apart, scogliere for breakwaters, terre), typed within ±4 % of the
  // truth, as a weighbridge and an eye do.
  const resto =
    Math.max(0, lordoT - totals.squadratiT - totals.informiBlocchiT) * (0.96 + rnd() * 0.08);
  const sottoprodotti =
    b.stato === 'chiusa'
      ? {
          informiT: Math.round(resto * 0.12),
          scaglieT: Math.round(resto * 0.45),
          scaglieScureT: Math.round(resto * 0.1),
          scogliereT: Math.round(resto * 0.08),
          terreT: Math.round(resto * 0.25),
        }
      : {};
  const resaChiusura = b.stato === 'chiusa' ? resaPercent([totals.squadratiM3], lordo) : null;
  await run.bancate.fitDemo(run.tx, run.marmiId, b.id, {
    ...fitted,
    volumeLordo: lordo,
    pesoStimato: lordoT,
    ...sottoprodotti,
    resaChiusura,
  });
}
