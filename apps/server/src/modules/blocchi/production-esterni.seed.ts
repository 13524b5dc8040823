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

/** The `k`-th bought block: a quarry sells the stones it cuts, at about three quarters of their list. */
async function seedBloccoEsterno(
  tx: Tx,
  draws: Draws,
  companyId: string,
  from: {
    mats: Array<typeof materiali.$inferSelect>;
    ubs: Array<typeof ubicazioni.$inferSelect>;
    quarries: Fornitore[];
    carrara: Fornitore[];
  },
  k: number,
): Promise<string> {
  const { rnd, pick, between } = draws;
  const materialeDraw = rnd();
  const l = between(240, 300);
  const h = between(120, 160);
  const p = between(100, 140);
  const vl = volumeM3(l, h, p);
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
      ubicazioneId: pick(from.ubs).id,
      unitaPrezzo: 'm3',
      // bought to be sawn: lavorazioni-lastre.seed.ts saws some of them for real
      stato: 'disponibile',
      dataRiquadratura: addDays(todayInRome(), -age),
      createdAt: day(age),
    })
    .returning({ id: blocchi.id });
  rnd(); // the state this draw once picked: kept, so the blocks after it stay the same
  return blocco!.id;
}
