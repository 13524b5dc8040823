import { pesoT, resaPercent, roundTo, volumeM3 } from '@gestcava/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { blocchi, clienti, fornitori, materiali, ubicazioni } from '../../db/schema/index.js';
import { recordAuditMany, type AuditEntry } from '../../lib/audit.js';
import { nextCode } from '../../lib/codes.js';
import { companyScope } from '../../lib/company-table.js';
import { addDays, todayInRome } from '../../lib/dates.js';
import { prezzoListinoDemo } from '../../lib/demo-prezzi.js';
import type { BancateService } from '../bancate/bancate.service.js';
import { CAVE_FORNITRICI, seedLookups } from './production-lookups.seed.js';

/** A small deterministic generator, so every demo database looks the same. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const STATI_CHIUSI = ['chiusa', 'chiusa', 'chiusa', 'in_riquadratura', 'ribaltata'] as const;

/**
 * docs/screens.md "Demo data": lookups for both companies, a year of bancate and blocchi at Marmi Demo in every state,
 * and blocchi esterni bought from the demo fornitori.
 */
export async function seedProduction(
  db: Db,
  bancate: Pick<BancateService, 'insertDemo' | 'fitDemo'>,
  ctx: { marmiId: string; segheriaId: string; userId: string },
) {
  const rnd = random(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const between = (min: number, max: number) => Math.round(min + rnd() * (max - min));
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
  const isoDay = (d: Date) => d.toISOString().slice(0, 10);

  await db.transaction(async (tx) => {
    const marmi = await seedLookups(tx, ctx.marmiId, true);
    await seedLookups(tx, ctx.segheriaId, false);
    const clientiMarmi = await tx
      .select({ id: clienti.id })
      .from(clienti)
      .where(companyScope(clienti, ctx.marmiId));
    const audit: AuditEntry[] = [];
    const yardUb = marmi.ubicazioni.filter((u) => u.tipo === 'piazzale_cava');
    let pesate = 0;
    let scartati = 0;

    // 18 bancate over the last year, oldest closed, newest still being cut or planned. A cut bancata's
    // measures are fitted to the blocks squared from it, so its yield is the trade's (20–40 %
    // in blocks once closed, less while blocks are still to come), and a closed one's by-products make
    // its mass balance (blocks + informi + scaglie + scogliere + terre ≈ gross weight) within a few per cent.
    for (let i = 0; i < 18; i++) {
      const daysAgo = 360 - i * 20;
      const cava = i % 3 === 2 ? marmi.cave[1]! : marmi.cave[0]!;
      const materiale = pick(marmi.materiali.slice(0, 5));
      const dims = {
        lunghezza: between(900, 1600),
        altezza: between(500, 800),
        profondita: between(300, 500),
      };
      const volumeLordo = volumeM3(dims.lunghezza, dims.altezza, dims.profondita);
      const stato =
        i < 13
          ? STATI_CHIUSI[Math.min(i, 2)]!
          : i < 15
            ? 'in_riquadratura'
            : i === 15
              ? 'ribaltata'
              : i === 16
                ? 'in_taglio'
                : 'pianificata';
      const bancata = await bancate.insertDemo(tx, {
        companyId: ctx.marmiId,
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
      audit.push({
        companyId: ctx.marmiId,
        entityType: 'bancata',
        entityId: bancata.id,
        action: 'create',
        userId: ctx.userId,
        note: 'Dati dimostrativi',
      });
      if (!['chiusa', 'in_riquadratura', 'ribaltata'].includes(stato)) continue;

      const count = stato === 'ribaltata' ? 2 : stato === 'chiusa' ? between(6, 10) : between(4, 8);
      /** m³ of the squared blocks (the yield's), t of them and of the informi (by the weight rule) */
      let squadratiM3 = 0;
      let squadratiT = 0;
      let informiBlocchiT = 0;
      for (let k = 0; k < count; k++) {
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
        // A closed bancata's blocks were squared days after it was cut; the bancate still being squared
        // give blocks over the last weeks, so the dashboard's "m³ this month" is never an empty quarry.
        const age = stato === 'chiusa' ? daysAgo - 6 - k : (15 - i) * 18 + 2 * k;
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
        const scrap = drawn === 'scartato' && difettoso && scartati < 5;
        if (scrap) scartati += 1;
        const optioned = drawn === 'scartato' && !scrap;
        const state = optioned ? 'opzionato' : drawn;
        const withCustomer = state === 'opzionato';
        const pesoPesa =
          rnd() < 0.5 ? roundTo(pesoT(vl, materiale.densita) + between(-30, 30) / 100, 2) : null;
        const peso = pesoPesa ?? pesoT(vn, materiale.densita);
        // drawn in the order the demo always drew them, so every other figure stays the same
        const tracciabilita =
          rnd() < 0.6 ? `CARRARA-${cava.codice}-${String(between(10000, 99999))}` : null;
        const scelta = pick(['prima', 'prima', 'seconda', 'commerciale'] as const);
        const difetto = difettoso ? pick(['pelo', 'macchia', 'vena', 'spigolo'] as const) : null;
        const ubicazione = pick(yardUb);
        const listino = prezzoListinoDemo(
          materiale,
          scrap ? 'commerciale' : scelta,
          categoria === 'informe',
          rnd(),
        );
        if (categoria === 'informe') informiBlocchiT += peso;
        else {
          squadratiM3 += vn;
          squadratiT += peso;
        }
        const [blocco] = await tx
          .insert(blocchi)
          .values({
            companyId: ctx.marmiId,
            codice: await nextCode(tx, 'BL', day(age).getFullYear()),
            origine: 'interno',
            bancataId: bancata.id,
            cavaId: cava.id,
            materialeId: materiale.id,
            codiceTracciabilita: tracciabilita,
            scelta: scrap ? 'commerciale' : scelta,
            categoria,
            difettoso,
            difetti: scrap ? ['crepa', difetto!] : difettoso ? [difetto!] : [],
            noteDifetti: scrap ? 'Crepa aperta passante: il blocco non regge la segagione' : null,
            lunghezza: l,
            altezza: h,
            profondita: p,
            ...net,
            volumeLordo: vl,
            volumeNetto: vn,
            pesoTeorico: pesoT(vn, materiale.densita),
            pesoPesa,
            ubicazioneId: ubicazione.id,
            prezzoListino: listino.prezzo,
            unitaPrezzo: listino.unita,
            clienteId: optioned
              ? (clientiMarmi[k % clientiMarmi.length]?.id ?? null)
              : withCustomer && clientiMarmi.length
                ? pick(clientiMarmi).id
                : null,
            opzioneScadenza: optioned
              ? addDays(todayInRome(), 5 + (k % 10))
              : state === 'opzionato'
                ? addDays(todayInRome(), between(3, 20))
                : null,
            stato: state,
            dataRiquadratura: addDays(todayInRome(), -age),
            createdAt: day(age),
          })
          .returning({ id: blocchi.id, pesoPesa: blocchi.pesoPesa });
        // a weighed block crossed the quarry's weighbridge the day it was squared: every reading has its ticket
        if (blocco!.pesoPesa !== null) {
          pesate += 1;
          await tx
            .update(blocchi)
            .set({
              dataPesata: isoDay(day(age)),
              numeroPesata: `PS-${cava.codice}-${String(pesate).padStart(4, '0')}`,
            })
            .where(eq(blocchi.id, blocco!.id));
        }
        audit.push({
          companyId: ctx.marmiId,
          entityType: 'blocco',
          entityId: blocco!.id,
          action: 'create',
          userId: ctx.userId,
          note: 'Dati dimostrativi',
        });
      }
      // The bancata's measures from its blocks: 22–38 % of it squared once closed, 12–20 % while squaring.
      const resaVoluta = stato === 'chiusa' ? 0.22 + rnd() * 0.16 : 0.12 + rnd() * 0.08;
      // (a toppled bancata whose first blocks are all informi still has a size)
      const profondita = between(250, 400);
      const faccia = ((Math.max(squadratiM3, 8) / resaVoluta) * 1e6) / profondita;
      // a long slice of the bench: at least twice as long as it is high
      const altezza = Math.min(between(450, 700), Math.round(Math.sqrt(faccia / 2)));
      const fitted = { lunghezza: Math.round(faccia / altezza), altezza, profondita };
      const lordo = volumeM3(fitted.lunghezza, fitted.altezza, fitted.profondita);
      const lordoT = pesoT(lordo, materiale.densita);
      // What is left of the gross weight, split as a Carrara bench gives it (loose informi, scaglie bianche,
      // the darker veined scaglie sorted apart, scogliere for breakwaters, terre), typed within ±4 % of the
      // truth, as a weighbridge and an eye do.
      const resto = Math.max(0, lordoT - squadratiT - informiBlocchiT) * (0.96 + rnd() * 0.08);
      const sottoprodotti =
        stato === 'chiusa'
          ? {
              informiT: Math.round(resto * 0.12),
              scaglieT: Math.round(resto * 0.45),
              scaglieScureT: Math.round(resto * 0.1),
              scogliereT: Math.round(resto * 0.08),
              terreT: Math.round(resto * 0.25),
            }
          : {};
      const resaChiusura = stato === 'chiusa' ? resaPercent([squadratiM3], lordo) : null;
      await bancate.fitDemo(tx, ctx.marmiId, bancata.id, {
        ...fitted,
        volumeLordo: lordo,
        pesoStimato: lordoT,
        ...sottoprodotti,
        resaChiusura,
      });
    }

    // Blocchi esterni bought at other quarries (Marmi Demo) and by the sawmill (Segheria Demo).
    for (const companyId of [ctx.marmiId, ctx.segheriaId]) {
      const mats = await tx.select().from(materiali).where(companyScope(materiali, companyId));
      const ubs = await tx.select().from(ubicazioni).where(companyScope(ubicazioni, companyId));
      const suppliers = await tx.select().from(fornitori).where(companyScope(fornitori, companyId));
      // the draws of a wider choice of suppliers are kept, so the blocks after them stay the same
      const quarries = suppliers.filter((f) =>
        /Cave|Escavazione|Mármoles|Pentelikon|Quarries/.test(f.ragioneSociale),
      );
      const carrara = suppliers.filter((f) => CAVE_FORNITRICI[f.ragioneSociale]);
      for (let k = 0; k < 6; k++) {
        const materialeDraw = rnd();
        const l = between(240, 300);
        const h = between(120, 160);
        const p = between(100, 140);
        const vl = volumeM3(l, h, p);
        pick(quarries);
        // a quarry sells the stones it cuts: Cave Michelangelo its Statuario and Bianco, Fantiscritti its Calacatta…
        const fornitore = carrara[k % carrara.length]!;
        const stones = CAVE_FORNITRICI[fornitore.ragioneSociale]!;
        const materiale = mats.find(
          (m) => m.nome === stones[Math.floor(materialeDraw * stones.length)],
        )!;
        const age = between(10, 300);
        const numeroFornitore = `${fornitore.ragioneSociale.slice(0, 3).toUpperCase()}-${between(1000, 9999)}`;
        const prezzoDraw = rnd();
        const costoTrasporto = between(300, 1200);
        const scelta = pick(['prima', 'seconda'] as const);
        // bought at about three quarters of what the stone lists at, per m³
        const prezzoAcquisto =
          Math.round((prezzoListinoDemo(materiale, scelta, false, prezzoDraw).prezzo * 0.75) / 10) *
          10;
        const [blocco] = await tx
          .insert(blocchi)
          .values({
            companyId,
            codice: await nextCode(tx, 'BL', day(age).getFullYear()),
            origine: 'esterno',
            fornitoreId: fornitore.id,
            numeroFornitore,
            dataAcquisto: isoDay(day(age)),
            prezzoAcquisto,
            unitaPrezzoAcquisto: 'm3',
            costoTrasporto,
            materialeId: materiale.id,
            scelta,
            categoria: 'squadrato',
            lunghezza: l,
            altezza: h,
            profondita: p,
            lunghezzaNetta: l,
            altezzaNetta: h,
            profonditaNetta: p,
            volumeLordo: vl,
            volumeNetto: vl,
            pesoTeorico: pesoT(vl, materiale.densita),
            ubicazioneId: pick(ubs).id,
            unitaPrezzo: 'm3',
            // bought to be sawn: lavorazioni-lastre.seed.ts saws some of them for real
            stato: 'disponibile',
            dataRiquadratura: addDays(todayInRome(), -age),
            createdAt: day(age),
          })
          .returning({ id: blocchi.id });
        rnd(); // the state this draw once picked: kept, so the blocks after it stay the same
        audit.push({
          companyId,
          entityType: 'blocco',
          entityId: blocco!.id,
          action: 'create',
          userId: ctx.userId,
          note: 'Dati dimostrativi',
        });
      }
    }
    await recordAuditMany(tx, audit);
  });
}
