import type { AutomezzoCreate } from '@gestcava/contracts';
import type { AutomezziService } from './automezzi.service.js';

const MARMI: AutomezzoCreate[] = [
  {
    targa: 'FG482KT',
    descrizione: 'Scania R 580 — trattore con semirimorchio ribassato (bilico)',
    portataT: 30,
    taraKg: 15_200,
    attivo: true,
  },
  {
    targa: 'FB907MS',
    descrizione: 'Iveco Trakker 410 — 4 assi con cassone ribaltabile',
    portataT: 25,
    taraKg: 13_800,
    attivo: true,
  },
  {
    targa: 'EZ315LC',
    descrizione: 'Volvo FH 500 — trattore con pianale portablocchi',
    portataT: 28.5,
    taraKg: 14_600,
    attivo: true,
  },
  {
    targa: 'DK228PA',
    descrizione: 'Mercedes-Benz Actros 3341 — 3 assi con gru',
    portataT: 16,
    taraKg: 11_900,
    attivo: false,
  },
];
const SEGHERIA: AutomezzoCreate[] = [
  {
    targa: 'GA119RV',
    descrizione: 'DAF XF 480 — bilico con cavalletti per lastre',
    portataT: 27,
    taraKg: 15_900,
    attivo: true,
  },
];

/** The trucks of the demo companies (docs/screens.md "Demo data"), written through the service: one is retired, as in a real yard. */
export async function seedAutomezzi(
  automezzi: AutomezziService,
  ctx: { companyIds: { marmi: string; segheria: string }; userId: string },
) {
  for (const [companyId, trucks] of [
    [ctx.companyIds.marmi, MARMI],
    [ctx.companyIds.segheria, SEGHERIA],
  ] as const) {
    for (const truck of trucks)
      await automezzi.create({ companyId, userId: ctx.userId, isAdmin: true }, truck);
  }
}
