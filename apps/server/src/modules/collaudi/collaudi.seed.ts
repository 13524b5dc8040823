import type { Collaudo, CollaudoRigaUpdate, Esito } from '@gestcava/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clienti } from '../../db/schema/index.js';
import { companyScope } from '../../lib/company-table.js';
import { addDays, todayInRome } from '../../lib/dates.js';
import { squadratiLiberi } from '../blocchi/blocchi-demo.reads.js';
import type { Actor } from '../../lib/actor.js';
import type { CollaudiService } from './collaudi.service.js';

type Giudizio = Pick<
  CollaudoRigaUpdate,
  | 'esito'
  | 'abbuonoTipo'
  | 'abbuonoValore'
  | 'difettiRiscontrati'
  | 'note'
  | 'unitaPrezzo'
  | 'pesoRilevato'
>;

interface Piano {
  giorniFa: number;
  cliente: string;
  luogo: string;
  ispettore: string;
  ordine: string | null;
  stato: 'programmato' | 'in_corso' | 'eseguito' | 'confermato' | 'annullato';
  /** One per block; null: not judged yet. */
  giudizi: Array<Giudizio | null>;
}

const OK: Giudizio = { esito: 'accettato' };

/** Each buyer's usual terms and inspector's company: export by sea from Marina di Carrara, Italian buyers at the quarry. */
const FRANCO_CAVA = {
  resa: 'Franco cava',
  carico: 'Su camion del compratore, a cura del venditore',
  pagamento: 'Bonifico 30 gg data fattura',
};
const TERMINI: Record<
  string,
  { resa: string; carico: string; pagamento: string; ispettoreSocieta: string | null }
> = {
  'Xiamen Shunfa Stone Co. Ltd.': {
    resa: 'FOB Marina di Carrara',
    carico: 'In container a cura del venditore',
    pagamento: 'Lettera di credito irrevocabile a vista',
    ispettoreSocieta: 'Xiamen Shunfa Stone Co. Ltd.',
  },
  'Al Noor Stone Trading LLC': {
    resa: 'FOB Marina di Carrara',
    carico: 'In container a cura del venditore',
    pagamento: '30% all’ordine, saldo prima dell’imbarco',
    ispettoreSocieta: 'Gulf Stone Inspection FZE',
  },
  'Stone Design GmbH': {
    resa: 'FCA Carrara',
    carico: 'Su camion del compratore, a cura del venditore',
    pagamento: 'Bonifico 60 gg data fattura',
    ispettoreSocieta: 'Stone Design GmbH',
  },
  'Marbres de Provence SARL': { ...FRANCO_CAVA, ispettoreSocieta: 'Marbres de Provence SARL' },
};
const PIAZZALE = 'Piazzale cava Canalgrande';

/** The demo's past collaudi, dated back from today: one per buyer, in every state. */
const PIANI: Piano[] = [
  {
    giorniFa: 300,
    cliente: 'Al Noor Stone Trading LLC',
    luogo: PIAZZALE,
    ispettore: 'Omar Haddad',
    ordine: 'PO-AN-2291',
    stato: 'confermato',
    giudizi: [OK, OK, OK],
  },
  {
    giorniFa: 240,
    cliente: 'Xiamen Shunfa Stone Co. Ltd.',
    luogo: PIAZZALE,
    ispettore: 'Chen Wei',
    ordine: 'SF-7781',
    stato: 'confermato',
    giudizi: [OK, { esito: 'accettato', abbuonoTipo: 'cm_per_lato', abbuonoValore: 3 }, OK, OK],
  },
  {
    giorniFa: 180,
    cliente: 'Marmi Apuani Export S.p.A.',
    luogo: 'Piazzale Avenza',
    ispettore: 'Franco Del Giudice',
    ordine: null,
    stato: 'confermato',
    giudizi: [OK, { esito: 'accettato', unitaPrezzo: 't', pesoRilevato: null }],
  },
  {
    giorniFa: 120,
    cliente: 'Stone Design GmbH',
    luogo: PIAZZALE,
    ispettore: 'Jonas Weber',
    ordine: 'SD-2026-014',
    stato: 'confermato',
    giudizi: [
      OK,
      {
        esito: 'rifiutato',
        difettiRiscontrati: ['crepa'],
        note: 'Crepa passante sul lato lungo: non accettato',
      },
      {
        esito: 'accettato_con_riserva',
        abbuonoTipo: 'percentuale',
        abbuonoValore: 5,
        difettiRiscontrati: ['macchia'],
        note: 'Macchia superficiale: 5% di abbuono',
      },
    ],
  },
  {
    giorniFa: 60,
    cliente: 'Pietre d’Arte Toscane S.r.l.',
    luogo: PIAZZALE,
    ispettore: 'Elena Guidi',
    ordine: 'PAT-88',
    stato: 'confermato',
    giudizi: [{ esito: 'accettato', abbuonoTipo: 'm3', abbuonoValore: 0.2 }, OK],
  },
  {
    giorniFa: 25,
    cliente: 'Edilpietra Veneta S.r.l.',
    luogo: PIAZZALE,
    ispettore: 'Chiara Zanon',
    ordine: 'EV-5512',
    stato: 'confermato',
    giudizi: [OK, OK],
  },
  {
    giorniFa: 40,
    cliente: 'Graniti e Marmi del Sud S.r.l.',
    luogo: PIAZZALE,
    ispettore: 'Nicola Lorusso',
    ordine: null,
    stato: 'annullato',
    giudizi: [null, null],
  },
  {
    giorniFa: 3,
    cliente: 'Al Noor Stone Trading LLC',
    luogo: PIAZZALE,
    ispettore: 'Omar Haddad',
    ordine: 'PO-AN-2340',
    stato: 'eseguito',
    giudizi: [
      OK,
      {
        esito: 'accettato_con_riserva',
        abbuonoTipo: 'cm_per_lato',
        abbuonoValore: 2,
        note: 'Spigolo scheggiato',
      },
    ],
  },
  {
    giorniFa: 0,
    cliente: 'Marbres de Provence SARL',
    luogo: PIAZZALE,
    ispettore: 'Jean Morel',
    ordine: 'MP-301',
    stato: 'in_corso',
    giudizi: [OK, null, null],
  },
];

/** The demo's plan: the past collaudi, and one programmed for this week (the dashboard's agenda shows it). */
function pianiDemo(today: string): Piano[] {
  // "This week": within the days left to Sunday, so the agenda of the current week shows it.
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  const questaSettimana = Math.min(2, 6 - weekday);
  return [
    ...PIANI,
    {
      giorniFa: -questaSettimana,
      cliente: 'Xiamen Shunfa Stone Co. Ltd.',
      luogo: PIAZZALE,
      ispettore: 'Chen Wei',
      ordine: 'SF-7840',
      stato: 'programmato',
      giudizi: [null, null, null],
    },
  ];
}

/** Each block measured a little under its declared size and judged as the plan says. */
async function giudica(
  collaudi: CollaudiService,
  actor: Actor,
  collaudo: Collaudo,
  giudizi: Piano['giudizi'],
  blocchiPiano: Array<{ prezzo: number | null }>,
) {
  const id = collaudo._id;
  for (const [i, giudizio] of giudizi.entries()) {
    if (!giudizio) continue;
    const riga = collaudo.righe[i]!;
    // Measured a little under the declared net size, as a buyer's tape usually finds.
    const misure = {
      lunghezzaRilevata: riga.blocco.lunghezza - (i % 3),
      altezzaRilevata: riga.blocco.altezza - 1,
      profonditaRilevata: riga.blocco.profondita - ((i + 1) % 2),
    };
    const listino = blocchiPiano[i]!.prezzo ?? 1500;
    const prezzo =
      giudizio.unitaPrezzo === 't' ? Math.round(listino / 2.7) : Math.round(listino * 0.95);
    collaudo = await collaudi.updateRiga(actor, id, riga._id, {
      ...misure,
      unitaPrezzo: 'm3',
      ...giudizio,
      prezzo,
      sceltaAssegnata: (giudizio.esito as Esito) === 'rifiutato' ? null : riga.blocco.scelta,
    });
  }
}

/** One planned collaudo written as the app would: created, its blocks added, judged and moved to its state. */
async function eseguiPiano(
  collaudi: CollaudiService,
  actor: Actor,
  piano: Piano,
  plan: { clienteId: string; data: string; blocchi: Array<{ id: string; prezzo: number | null }> },
) {
  const blocchiPiano = plan.blocchi;
  const termini = TERMINI[piano.cliente] ?? { ...FRANCO_CAVA, ispettoreSocieta: piano.cliente };
  const created = await collaudi.create(actor, {
    data: plan.data,
    luogo: piano.luogo,
    clienteId: plan.clienteId,
    ispettore: piano.ispettore,
    ...termini,
    riferimentoOrdine: piano.ordine,
    note: null,
  });
  let collaudo = created;
  for (const b of blocchiPiano) collaudo = await collaudi.addRiga(actor, created._id, b.id);
  if (piano.stato === 'annullato') {
    await collaudi.changeStato(actor, created._id, {
      stato: 'annullato',
      nota: 'Il cliente ha rinviato l’acquisto',
    });
    return;
  }
  if (piano.stato === 'programmato') return;
  await collaudi.changeStato(actor, created._id, { stato: 'in_corso', nota: null });
  await giudica(collaudi, actor, collaudo, piano.giudizi, blocchiPiano);
  if (piano.stato === 'in_corso') return;
  await collaudi.changeStato(actor, created._id, { stato: 'eseguito', nota: null });
  if (piano.stato === 'eseguito') return;
  await collaudi.changeStato(actor, created._id, { stato: 'confermato', nota: null });
}

/**
 * docs/screens.md "Demo data": a year of sales for Marmi Demo through its buyers' inspections — collaudi in every state,
 * one confirmed with a rejected block, one programmed for this week (the dashboard's agenda shows it)
 * — written through the collaudi service as the web app would, so blocks, history and figures agree.
 */
export async function seedCollaudi(
  db: Db,
  services: { collaudi: CollaudiService },
  ctx: { marmiId: string; userId: string },
) {
  const { collaudi } = services;
  const actor: Actor = { companyId: ctx.marmiId, userId: ctx.userId, isAdmin: false };
  const clientiRows = await db
    .select({ id: clienti.id, nome: clienti.ragioneSociale })
    .from(clienti)
    .where(companyScope(clienti, ctx.marmiId, eq(clienti.attivo, true)));
  const clienteId = (nome: string) => clientiRows.find((c) => c.nome === nome)?.id;
  // Squared blocks sold by volume; the newest stay in stock for the demo users to sell.
  const liberi = await squadratiLiberi(db, ctx.marmiId);
  const today = todayInRome();
  const usati = new Set<string>();
  for (const piano of pianiDemo(today)) {
    const cliente = clienteId(piano.cliente);
    const data = addDays(today, -piano.giorniFa);
    // A block is inspected after it was squared: only blocks that existed on the collaudo's day.
    const blocchiPiano = liberi
      .filter((b) => !usati.has(b.id) && b.createdAt.toISOString().slice(0, 10) <= data)
      .slice(0, piano.giudizi.length);
    if (!cliente || blocchiPiano.length < piano.giudizi.length) continue;
    for (const b of blocchiPiano) usati.add(b.id);
    await eseguiPiano(collaudi, actor, piano, { clienteId: cliente, data, blocchi: blocchiPiano });
  }
}
