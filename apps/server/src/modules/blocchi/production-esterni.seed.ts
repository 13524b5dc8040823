import { pesoT, volumeM3 } from '@gestcava/contracts';
import { blocchi, fornitori, materiali, ubicazioni } from '../../db/schema/index.js';
import type { AuditEntry } from '../../lib/audit.js';
import { nextCode } from '../../lib/codes.js';
import { companyScope } from '../../lib/company-table.js';
import { addDays, todayInRome } from '../../lib/dates.js';
import { prezzoListinoDemo } from '../../lib/demo-prezzi.js';
import { CAVE_FORNITRICI } from './production-lookups.seed.js';
import { created, day, isoDay, type Draws, type Tx } from './production-draws.js';

/** Six blocks the company bought from the Carrara quarries that sell their stones. */
export async function seedBlocchiEsterni(
  tx: Tx,
  draws: Draws,
  companyId: string,
  audit: AuditEntry[],
  userId: string,
) {
  const mats = await tx.select().from(materiali).where(companyScope(materiali, companyId));
  const ubs = await tx.select().from(ubicazioni).where(companyScope(ubicazioni, companyId));
  const suppliers = await tx.select().from(fornitori).where(companyScope(fornitori, companyId));
  // the draws of a wider choice of suppliers are kept, so the blocks after them stay the same
  const quarries = suppliers.filter((f) =>
    /Cave|Escavazione|Mármoles|Pentelikon|Quarries/.test(f.ragioneSociale),
  );
  const carrara = suppliers.filter((f) => CAVE_FORNITRICI[f.ragioneSociale]);
  for (let k = 0; k < 6; k++) {
    const id = await seedBloccoEsterno(tx, draws, companyId, { mats, ubs, quarries, carrara }, k);
    audit.push(created(companyId, 'blocco', id, userId));
  }
}

type Fornitore = typeof fornitori.$inferSelect;

interface Sources {
  mats: Array<typeof materiali.$inferSelect>;
  ubs: Array<typeof ubicazioni.$inferSelect>;
  quarries: Fornitore[];
  carrara: Fornitore[];
}

/** What the `k`-th bought block is: its supplier and stone, size, purchase and place, drawn in order. */
function drawAcquisto({ rnd, pick, between }: Draws, from: Sources, k: number) {
  const materialeDraw = rnd();
  const l = between(240, 300);
  const h = between(120, 160);
  const p = between(100, 140);
  pick(from.quarries);
  // a quarry sells the stones it cuts: Cave Michelangelo its Statuario and Bianco, Fantiscritti its Calacatta…
  const fornitore = from.carrara[k % from.carrara.length]!;
  const stones = CAVE_FORNITRICI[fornitore.ragioneSociale]!;
  const materiale = from.mats.find(
    (m) => m.nome === stones[Math.floor(materialeDraw * stones.length)],
  )!;
  const age = between(10, 300);
  const numeroFornitore = `${fornitore.ragioneSociale.slice(0, 3).toUpperCase()}-${between(1000, 9999)}`;
  const prezzoDraw = rnd();
  const costoTrasporto = between(300, 1200);
  const scelta = pick(['prima', 'seconda'] as const);
  // bought at about three quarters of what the stone lists at, per m³
  const prezzoAcquisto =
    Math.round((prezzoListinoDemo(materiale, scelta, false, prezzoDraw).prezzo * 0.75) / 10) * 10;
  const ubicazione = pick(from.ubs);
  rnd(); // the state this draw once picked: kept, so the blocks after it stay the same
  const misure = { lunghezza: l, altezza: h, profondita: p };
  return {
    fornitore,
    materiale,
    age,
    numeroFornitore,
    costoTrasporto,
    scelta,
    prezzoAcquisto,
    ubicazione,
    misure,
  };
}

/** The `k`-th bought block: a quarry sells the stones it cuts, at about three quarters of their list. */
async function seedBloccoEsterno(
  tx: Tx,
  draws: Draws,
  companyId: string,
  from: Sources,
  k: number,
): Promise<string> {
  const a = drawAcquisto(draws, from, k);
  const { lunghezza: l, altezza: h, profondita: p } = a.misure;
  const vl = volumeM3(l, h, p);
  const [blocco] = await tx
    .insert(blocchi)
    .values({
      companyId,
      codice: await nextCode(tx, 'BL', day(a.age).getFullYear()),
      origine: 'esterno',
      fornitoreId: a.fornitore.id,
      numeroFornitore: a.numeroFornitore,
      dataAcquisto: isoDay(day(a.age)),
      prezzoAcquisto: a.prezzoAcquisto,
      unitaPrezzoAcquisto: 'm3',
      costoTrasporto: a.costoTrasporto,
      materialeId: a.materiale.id,
      scelta: a.scelta,
      categoria: 'squadrato',
      ...a.misure,
      lunghezzaNetta: l,
      altezzaNetta: h,
      profonditaNetta: p,
      volumeLordo: vl,
      volumeNetto: vl,
      pesoTeorico: pesoT(vl, a.materiale.densita),
      ubicazioneId: a.ubicazione.id,
      unitaPrezzo: 'm3',
      // bought to be sawn: lavorazioni-lastre.seed.ts saws some of them for real
      stato: 'disponibile',
      dataRiquadratura: addDays(todayInRome(), -a.age),
      createdAt: day(a.age),
    })
    .returning({ id: blocchi.id });
  return blocco!.id;
}
