import {
  ABBUONO_LABELS,
  type AbbuonoTipo,
  type Collaudo,
  DIFETTO_LABELS,
  type DIFETTI,
  type Esito,
  ESITO_LABELS,
  type PesoBase,
  SCELTA_LABELS,
  type SCELTE,
  UNITA_PREZZO_COLLAUDO_LABELS,
  type UnitaPrezzoCollaudo,
  type VerbaleLingua,
} from '@gestcava/contracts';
import { numero } from '../../lib/pdf.js';

// The verbale's texts in each language: one table of words per language, and what each
// block's row says, its numbers the way the reader writes them (1.234,56 or 1,234.56).

type Riga = Collaudo['righe'][number];

export interface VerbaleTesti {
  /** The PDF's language tag. */
  lang: string;
  titolo: string;
  bozza: string;
  annullato: string;
  cliente: string;
  partitaIva: string;
  data: string;
  luogo: string;
  ispettore: string;
  riferimentoOrdine: string;
  resa: string;
  carico: string;
  pagamento: string;
  valuta: string;
  note: string;
  blocchiEsaminati: string;
  nessunBlocco: string;
  colonne: {
    blocco: string;
    materiale: string;
    dichiarate: string;
    rilevate: string;
    abbuono: string;
    nette: string;
    m3: string;
    t: string;
    esito: string;
    prezzo: string;
    importo: string;
  };
  blocchiAccettati: string;
  /** "2 di 3" */
  su: (n: number, of: number) => string;
  volumeNetto: string;
  peso: string;
  importoTotale: string;
  riserveTitolo: string;
  riservaSu: string;
  rifiutoDi: string;
  notaSu: string;
  difetti: (codice: string, dichiarati: string, riscontrati: string) => string;
  nessuno: string;
  accettazione: string;
  /** The acceptance of visible defects (art. 1491 c.c.). */
  clausola: string;
  fotografie: string;
  luogoData: string;
  venditore: string;
  acquirente: string;
  timbro: string;
  pagina: (n: number, of: number) => string;
  cava: string;
  tracciabilita: string;
  /** "Prima scelta" */
  scelta: (label: string) => string;
  esiti: Record<Esito, string>;
  abbuoni: Record<AbbuonoTipo, string>;
  unitaPrezzo: Record<UnitaPrezzoCollaudo, string>;
  difettiNomi: Record<(typeof DIFETTI)[number], string>;
  scelte: Record<(typeof SCELTE)[number], string>;
  pesoBasi: Record<PesoBase, string>;
}

/**
 * The acceptance of visible defects (art. 1491 c.c.): what the buyer saw at the inspection and accepted
 * cannot later be claimed as a defect; hidden ones stay under the seller's warranty (artt. 1490, 1495 c.c.).
 * The English text still cites the Italian Civil Code: the sale is under Italian law.
 */
export const CLAUSOLA_1491 =
  'Ai sensi dell’art. 1491 c.c. l’acquirente, che ha esaminato i blocchi, dichiara di accettarli nello stato in cui si trovano: ' +
  'non potrà far valere i vizi e i difetti visibili al collaudo, salvo quelli annotati in questo verbale. ' +
  'Restano salvi i vizi occulti, da denunciare nei termini dell’art. 1495 c.c.';
export const CLAUSOLA_1491_EN =
  'Pursuant to art. 1491 of the Italian Civil Code, the buyer, having examined the blocks, declares to accept them in their present condition: ' +
  'defects visible at the inspection cannot be claimed afterwards, except those recorded in this report. ' +
  'Hidden defects remain covered, to be notified within the terms of art. 1495 of the Italian Civil Code.';

export const VERBALE_TESTI: Record<VerbaleLingua, VerbaleTesti> = {
  it: {
    lang: 'it-IT',
    titolo: 'Verbale di collaudo',
    bozza: 'BOZZA – collaudo non ancora confermato',
    annullato: 'ANNULLATO – collaudo annullato, il verbale non ha valore',
    cliente: 'Cliente',
    partitaIva: 'P.IVA',
    data: 'Data',
    luogo: 'Luogo',
    ispettore: 'Ispettore',
    riferimentoOrdine: 'Riferimento ordine',
    resa: 'Resa',
    carico: 'Carico',
    pagamento: 'Pagamento',
    valuta: 'Valuta',
    note: 'Note',
    blocchiEsaminati: 'Blocchi esaminati',
    nessunBlocco: 'Nessun blocco nel collaudo.',
    colonne: {
      blocco: 'Blocco',
      materiale: 'Materiale e scelta',
      dichiarate: 'Misure dichiarate (cm)',
      rilevate: 'Misure rilevate (cm)',
      abbuono: 'Abbuono',
      nette: 'Misure nette (cm)',
      m3: 'm³ netti',
      t: 't',
      esito: 'Esito',
      prezzo: 'Prezzo',
      importo: 'Importo',
    },
    blocchiAccettati: 'Blocchi accettati',
    su: (n, of) => `${n} di ${of}`,
    volumeNetto: 'Volume netto',
    peso: 'Peso',
    importoTotale: 'Importo totale',
    riserveTitolo: 'Riserve, difetti e note',
    riservaSu: 'Riserva su',
    rifiutoDi: 'Rifiuto di',
    notaSu: 'Nota su',
    difetti: (codice, dichiarati, riscontrati) =>
      `Difetti di ${codice}: dichiarati ${dichiarati}; riscontrati ${riscontrati}`,
    nessuno: 'nessuno',
    accettazione: 'Accettazione',
    clausola: CLAUSOLA_1491,
    fotografie: 'Fotografie',
    luogoData: 'Luogo e data',
    venditore: 'Per il venditore',
    acquirente: "Per l'acquirente",
    timbro: 'timbro e firma',
    pagina: (n, of) => `Pagina ${n} di ${of}`,
    cava: 'Cava',
    tracciabilita: 'Tracc.',
    scelta: (label) => `${label} scelta`,
    esiti: ESITO_LABELS,
    abbuoni: ABBUONO_LABELS,
    unitaPrezzo: UNITA_PREZZO_COLLAUDO_LABELS,
    difettiNomi: DIFETTO_LABELS,
    scelte: SCELTA_LABELS,
    pesoBasi: { pesato: 'pesato', teorico: 'teorico' },
  },
  en: {
    lang: 'en-GB',
    titolo: 'Inspection report',
    bozza: 'DRAFT – inspection not yet confirmed',
    annullato: 'CANCELLED – inspection cancelled, this report is void',
    cliente: 'Buyer',
    partitaIva: 'VAT No.',
    data: 'Date',
    luogo: 'Place',
    ispettore: 'Inspector',
    riferimentoOrdine: 'Order reference',
    resa: 'Delivery',
    carico: 'Loading',
    pagamento: 'Payment',
    valuta: 'Currency',
    note: 'Notes',
    blocchiEsaminati: 'Blocks inspected',
    nessunBlocco: 'No blocks in the inspection.',
    colonne: {
      blocco: 'Block',
      materiale: 'Material and grade',
      dichiarate: 'Declared size (cm)',
      rilevate: 'Measured size (cm)',
      abbuono: 'Allowance',
      nette: 'Net size (cm)',
      m3: 'Net m³',
      t: 't',
      esito: 'Result',
      prezzo: 'Price',
      importo: 'Amount',
    },
    blocchiAccettati: 'Blocks accepted',
    su: (n, of) => `${n} of ${of}`,
    volumeNetto: 'Net volume',
    peso: 'Weight',
    importoTotale: 'Total amount',
    riserveTitolo: 'Reserves, defects and notes',
    riservaSu: 'Reserve on',
    rifiutoDi: 'Rejection of',
    notaSu: 'Note on',
    difetti: (codice, dichiarati, riscontrati) =>
      `Defects of ${codice}: declared ${dichiarati}; found ${riscontrati}`,
    nessuno: 'none',
    accettazione: 'Acceptance',
    clausola: CLAUSOLA_1491_EN,
    fotografie: 'Photographs',
    luogoData: 'Place and date',
    venditore: 'For the seller',
    acquirente: 'For the buyer',
    timbro: 'stamp and signature',
    pagina: (n, of) => `Page ${n} of ${of}`,
    cava: 'Quarry',
    tracciabilita: 'Trace',
    scelta: (label) => `${label} grade`,
    esiti: {
      accettato: 'Accepted',
      accettato_con_riserva: 'Accepted with reserve',
      rifiutato: 'Rejected',
    },
    abbuoni: {
      cm_per_lato: 'cm per side',
      cm_lunghezza: 'cm off the length',
      cm_altezza: 'cm off the height',
      cm_profondita: 'cm off the depth',
      m3: 'm³ less',
      percentuale: '% off the amount',
      prezzo: '€ off the unit price',
    },
    unitaPrezzo: { m3: '€/m³', t: '€/t' },
    difettiNomi: {
      pelo: 'Hairline',
      crepa: 'Open crack',
      macchia: 'Stain',
      vena: 'Vein',
      taroli: 'Cavities',
      spigolo: 'Broken edge',
      colore: 'Off-shade colour',
    },
    scelte: { prima: 'First', seconda: 'Second', commerciale: 'Commercial' },
    // short: the weight column is 38 pt wide, a long word would break inside it
    pesoBasi: { pesato: 'weighed', teorico: 'theor.' },
  },
};

/** A number the Italian way, with exactly `decimals` decimals (or up to them with `upTo`): 1.234,567. */
export const numeroIt = (value: number, decimals: number, upTo = false) =>
  numero(value, decimals, 'it', upTo);

/** The abbuono agreed on a row, in the verbale's words and numbers. */
function abbuonoText(
  t: (typeof VERBALE_TESTI)[VerbaleLingua],
  r: Riga,
  n: (value: number, decimals: number, upTo?: boolean) => string,
): string {
  const euro = (value: number) => `€ ${n(value, 2)}`;
  // as calcolaRiga: a zero or missing value is no abbuono
  if (!r.abbuonoTipo || !r.abbuonoValore) return '—';
  const v = r.abbuonoValore;
  switch (r.abbuonoTipo) {
    case 'cm_per_lato':
    case 'cm_lunghezza':
    case 'cm_altezza':
    case 'cm_profondita':
      return `${n(v, 0)} ${t.abbuoni[r.abbuonoTipo]}`;
    case 'm3':
      return `${n(v, 3)} ${t.abbuoni.m3}`;
    case 'percentuale':
      return `${n(v, 2, true)}${t.abbuoni.percentuale}`;
    case 'prezzo':
      return t.abbuoni.prezzo.replace('€', euro(v));
  }
}

/** The verbale's row texts in one language. */
export function verbaleText(lingua: VerbaleLingua) {
  const t = VERBALE_TESTI[lingua];
  const n = (value: number, decimals: number, upTo = false) =>
    numero(value, decimals, lingua, upTo);
  const euro = (value: number) => `€ ${n(value, 2)}`;
  const misure = (l: number | null, h: number | null, p: number | null) =>
    l == null && h == null && p == null
      ? '—'
      : [l, h, p].map((v) => (v == null ? '—' : n(v, 0))).join(' × ');

  const abbuono = (r: Riga) => abbuonoText(t, r, n);

  return {
    t,
    numero: n,
    euro,
    misure,
    abbuono,
    /** The block's code, then its quarry and certificate code: what lets the buyer trace it. */
    blocco: (r: Riga) => {
      const b = r.blocco;
      return [
        b.codice,
        b.cava && `${t.cava} ${b.cava.codice} ${b.cava.nome}`,
        b.codiceTracciabilita && `${t.tracciabilita} ${b.codiceTracciabilita}`,
      ]
        .filter(Boolean)
        .join('\n');
    },
    /** The material and the grade it is sold as: the one assigned at the collaudo, else the block's own. */
    materiale: (r: Riga) =>
      `${r.blocco.materiale.nome}\n${t.scelta(t.scelte[r.sceltaAssegnata ?? r.blocco.scelta])}`,
    prezzo: (r: Riga) =>
      r.prezzo == null ? '—' : t.unitaPrezzo[r.unitaPrezzo].replace('€', euro(r.prezzo)),
    difetti: (d: Riga['difettiRiscontrati']) =>
      d.length ? d.map((x) => t.difettiNomi[x]).join(', ') : t.nessuno,
  };
}

export type VerbaleText = ReturnType<typeof verbaleText>;
