import type { __Singular__Create } from '@gestcava/contracts';
import type { __Plural__Service } from './__plural__.service.js';

/** The demo rows of each company (docs/screens.md "Demo data"), written through the service. */
const DEMO: Record<'marmi' | 'segheria', __Singular__Create[]> = {
  marmi: [
    { nome: 'Primo esempio', note: 'Scritto dal generatore: sostituisci con dati realistici', attivo: true },
    { nome: 'Secondo esempio', note: null, attivo: false },
  ],
  segheria: [{ nome: 'Esempio della segheria', note: null, attivo: true }],
};

export async function seed__Plural__(
  __pluralCamel__: __Plural__Service,
  ctx: { companyIds: { marmi: string; segheria: string }; userId: string },
) {
  for (const company of ['marmi', 'segheria'] as const) {
    const actor = { companyId: ctx.companyIds[company], userId: ctx.userId, isAdmin: true };
    for (const row of DEMO[company]) await __pluralCamel__.create(actor, row);
  }
}
