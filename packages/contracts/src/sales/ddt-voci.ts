/** A DDT's closed lists (states, causali, transport terms, kinds of line) and its address and carrier blocks. */
import { z } from 'zod';
import { optionalText, requiredText } from '../fields.js';
import { PESO_BASI } from '../production/peso-blocco.js';
import { validateVatNumber } from '../anagrafica/identifiers/vat-number.js';
import { isEuVatPrefix } from '../countries/countries.js';
import { normalizeTarga } from './automezzi.js';

export const DDT_STATI = ['bozza', 'emesso', 'annullato'] as const;
export type DdtStato = (typeof DDT_STATI)[number];
export const DDT_STATO_LABELS: Record<DdtStato, string> = {
  bozza: 'Bozza',
  emesso: 'Emesso',
  annullato: 'Annullato',
};
export const DDT_TRANSITIONS: Record<DdtStato, readonly DdtStato[]> = {
  bozza: ['emesso'],
  emesso: ['annullato'],
  annullato: [],
};

/**
 * The table of causali: each names who receives the goods. A new one (conto lavorazione, reso) is a
 * row here and a party kind the service knows.
 */
export const DDT_CAUSALI = ['vendita', 'trasferimento'] as const;
export type DdtCausale = (typeof DDT_CAUSALI)[number];
export const DDT_CAUSALE_TABLE: Record<
  DdtCausale,
  { label: string; labelEn: string; destinatario: 'cliente' | 'ditta' }
> = {
  vendita: { label: 'Vendita', labelEn: 'Sale', destinatario: 'cliente' },
  trasferimento: {
    label: 'Trasferimento a ditta del gruppo',
    labelEn: 'Transfer to a group company',
    destinatario: 'ditta',
  },
};

export const TRASPORTO_A_CURA = ['mittente', 'destinatario', 'vettore'] as const;
export type TrasportoACura = (typeof TRASPORTO_A_CURA)[number];
export const TRASPORTO_A_CURA_LABELS: Record<TrasportoACura, string> = {
  mittente: 'Mittente',
  destinatario: 'Destinatario',
  vettore: 'Vettore',
};

export const PORTI = ['franco', 'assegnato'] as const;
export type Porto = (typeof PORTI)[number];
export const PORTO_LABELS: Record<Porto, string> = { franco: 'Franco', assegnato: 'Assegnato' };

/** The kinds of line: a sold block, a bundle sold whole, a loose sold slab, a tile-lot sale. */
export const DDT_RIGA_TIPI = ['blocco', 'pacco', 'lastra', 'lotto'] as const;
export type DdtRigaTipo = (typeof DDT_RIGA_TIPI)[number];

/**
 * How a line's gross weight (`pesoKg`) was taken (docs/ddt.md "Quantità e pesi di una riga"): a
 * block's weighbridge (`pesato`) or its gross volume × density (`stimato`), slabs and tiles m² ×
 * thickness × density (`calcolato`); `teorico` only on lines written before the gross rule.
 */
export const DDT_PESO_BASI = [...PESO_BASI, 'stimato', 'calcolato'] as const;
export type DdtPesoBase = (typeof DDT_PESO_BASI)[number];

const indirizzoSchema = (label: string) =>
  z.strictObject({
    indirizzo: requiredText(200, `${label}: indirizzo obbligatorio`),
    cap: optionalText(10),
    comune: requiredText(100, `${label}: comune obbligatorio`),
    provincia: optionalText(5),
    nazione: optionalText(2),
  });
export const ddtIndirizzoSchema = indirizzoSchema('Destinazione');
export type DdtIndirizzo = z.output<typeof ddtIndirizzoSchema>;
/** Where the goods leave from: the same shape as the destination. */
export const luogoPartenzaSchema = indirizzoSchema('Luogo di partenza');

/**
 * Who carries and with which truck. A vettore names itself; with the transport by the sender or by
 * the receiver the plate alone is enough (the sender's own truck, from its automezzi): the carrier is
 * then that party, and the server writes its name.
 */
export const vettoreSchema = z.strictObject({
  ragioneSociale: optionalText(200),
  // checked as a cliente's: an Italian one by its check digit, a foreign one by its EU prefix
  partitaIva: optionalText(20).transform((v, ctx) => {
    if (!v) return v;
    const checked = validateVatNumber(v, vatCountryOf(v));
    if (checked.ok) return checked.value;
    ctx.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  }),
  /** The carrier's seat, printed beside its name. */
  indirizzo: optionalText(300),
  // one truck, one spelling: «FG 482 KT» and «fg482kt» are FG482KT, as Automezzi stores it
  targa: optionalText(20).transform((v) => (v ? normalizeTarga(v) : v)),
});

/** The country a carrier's VAT number says by its prefix (`DE…`); none or `IT`: Italian. */
function vatCountryOf(partitaIva: string): string {
  const head = partitaIva.trim().slice(0, 2).toUpperCase();
  return /^[A-Z]{2}$/.test(head) && head !== 'IT' && isEuVatPrefix(head) ? head : 'IT';
}
export type Vettore = z.output<typeof vettoreSchema>;
