import type { DbOrTx } from '../../db/client.js';
import { cave, caveTariffe, macchine, materiali, ubicazioni } from '../../db/schema/index.js';
import { todayInRome } from '../../lib/dates.js';

// The demo companies' lookups: stones, quarries, machines, locations and the bought-in suppliers.

export const MATERIALI = [
  { nome: 'Bianco Carrara', densita: 2.7 },
  { nome: 'Statuario', densita: 2.71 },
  { nome: 'Calacatta', densita: 2.71 },
  { nome: 'Arabescato', densita: 2.7 },
  { nome: 'Bardiglio', densita: 2.69 },
  { nome: 'Cremo Delicato', densita: 2.7 },
  { nome: 'Zebrino', densita: 2.7 },
];

/** The Carrara quarries the demo buys blocks from, and the stones each one cuts. */
export const CAVE_FORNITRICI: Record<string, string[]> = {
  'Cave Michelangelo S.r.l.': ['Statuario', 'Bianco Carrara'],
  'Escavazione Fantiscritti S.n.c.': ['Calacatta', 'Arabescato', 'Bianco Carrara'],
};

const UBICAZIONI_CAVA = [
  { nome: 'Piazzale cava Canalgrande', tipo: 'piazzale_cava' },
  { nome: 'Piazzale cava Fossa degli Angeli', tipo: 'piazzale_cava' },
  { nome: 'Piazzale Avenza', tipo: 'piazzale_segheria' },
  { nome: 'Porto di Marina di Carrara', tipo: 'piazzale_segheria' },
];
const UBICAZIONI_SEGHERIA = [
  { nome: 'Piazzale segheria', tipo: 'piazzale_segheria' },
  { nome: 'Cavalletti capannone A', tipo: 'cavalletto' },
  { nome: 'Scaffale lastre lucidate', tipo: 'scaffale' },
];

/** The company's stones, locations and machines, then (a quarry only) its quarries and their tariffs. */
export async function seedLookups(tx: DbOrTx, companyId: string, quarry: boolean) {
  const mats = await tx
    .insert(materiali)
    .values(MATERIALI.map((m) => ({ ...m, companyId, tipo: 'marmo' })))
    .returning();
  const ubs = await tx
    .insert(ubicazioni)
    .values((quarry ? UBICAZIONI_CAVA : UBICAZIONI_SEGHERIA).map((u) => ({ ...u, companyId })))
    .returning();
  await seedMacchine(tx, companyId);
  const caves = quarry ? await seedCave(tx, companyId) : [];
  if (caves.length) await seedCaveTariffe(tx, companyId, caves);
  return { materiali: mats, ubicazioni: ubs, cave: caves };
}

async function seedMacchine(tx: DbOrTx, companyId: string) {
  await tx.insert(macchine).values([
    { companyId, nome: 'Telaio multilama TM 1', tipo: 'telaio', kerfMm: 5, rifiloMm: 20 },
    // a diamond wire (bead ≈ 6.5–7.3 mm) cuts wider than a gang-saw blade
    { companyId, nome: 'Multifilo MF 72', tipo: 'multifilo', kerfMm: 7, rifiloMm: 15 },
    { companyId, nome: 'Tagliablocchi TB 3', tipo: 'tagliablocchi', kerfMm: 8, rifiloMm: 30 },
  ]);
}

function seedCave(tx: DbOrTx, companyId: string) {
  return tx
    .insert(cave)
    .values([
      {
        companyId,
        codice: '173',
        nome: 'Canalgrande',
        comune: 'Carrara',
        bacino: 'Torano',
        concessione: 'Concessione n. 173/2019',
      },
      {
        companyId,
        codice: '88',
        nome: 'Fossa degli Angeli',
        comune: 'Carrara',
        bacino: 'Miseglia',
        concessione: 'Concessione n. 88/2021',
      },
    ])
    .returning();
}

/**
 * The Comune's tariffs for the contributo di estrazione, € per tonne (a few euro a tonne; blocks worth
 * the most, the Torano basin's Canalgrande above Miseglia's Fossa degli Angeli), last year's and this year's.
 */
async function seedCaveTariffe(tx: DbOrTx, companyId: string, caves: Array<{ id: string }>) {
  const year = Number(todayInRome().slice(0, 4));
  const tariffe = (cavaId: string, blocchi: number, anno: number, open: boolean) => ({
    companyId,
    cavaId,
    validoDal: `${anno}-01-01`,
    validoAl: open ? null : `${anno}-12-31`,
    blocchi,
    informi: Math.round(blocchi * 50) / 100,
    scaglieBianche: 1.25,
    scaglieScure: 0.85,
    scogliere: 1.05,
    terre: 0.4,
  });
  await tx
    .insert(caveTariffe)
    .values([
      tariffe(caves[0]!.id, 6.8, year - 1, false),
      tariffe(caves[0]!.id, 7.1, year, true),
      tariffe(caves[1]!.id, 5.2, year - 1, false),
      tariffe(caves[1]!.id, 5.45, year, true),
    ]);
}
