/** The fields of a cliente or fornitore: caps, labels, the stored shape and the payment terms. */
import { z } from 'zod';
import type { CountryCode } from '../countries/countries.js';

/** Length caps of the text fields (FatturaPA allows 80 characters for a denominazione). */
export const ANAGRAFICA_LIMITS = {
  ragioneSociale: 80,
  partitaIva: 40,
  codiceFiscale: 40,
  indirizzo: 120,
  cap: 20,
  comune: 80,
  provincia: 60,
  telefono: 40,
  email: 254,
  pec: 254,
  codiceSdi: 20,
  referente: 80,
  iban: 50,
  condizioniPagamento: 200,
  note: 2000,
} as const;

export type TextField = keyof typeof ANAGRAFICA_LIMITS;

/** Italian label of each field, as messages name it. */
export const ANAGRAFICA_LABELS: Readonly<Record<keyof AnagraficaData, string>> = {
  ragioneSociale: 'Ragione sociale',
  partitaIva: 'Partita IVA',
  codiceFiscale: 'Codice fiscale',
  indirizzo: 'Indirizzo',
  cap: 'CAP',
  comune: 'Comune',
  provincia: 'Provincia',
  nazione: 'Nazione',
  telefono: 'Telefono',
  email: 'Email',
  pec: 'PEC',
  codiceSdi: 'Codice SDI',
  pubblicaAmministrazione: 'Pubblica amministrazione',
  referente: 'Referente',
  iban: 'IBAN',
  condizioniPagamento: 'Condizioni di pagamento',
  dichiarazioneIntento: "Dichiarazione d'intento",
  pagamento: 'Pagamento',
  note: 'Note',
  attivo: 'Attivo',
};

/** A cliente or fornitore as stored: normalised values, `null` for what is not known. */
export interface AnagraficaData {
  ragioneSociale: string;
  partitaIva: string | null;
  codiceFiscale: string | null;
  indirizzo: string;
  cap: string | null;
  comune: string;
  provincia: string | null;
  nazione: CountryCode;
  telefono: string | null;
  email: string | null;
  pec: string | null;
  codiceSdi: string | null;
  pubblicaAmministrazione: boolean;
  referente: string | null;
  iban: string | null;
  condizioniPagamento: string | null;
  /** An esportatore abituale's declaration: its invoices are N3.5 (docs/fatture.md "IVA"). */
  dichiarazioneIntento: DichiarazioneIntento | null;
  /** The structured terms an invoice takes by default; `condizioniPagamento` stays as a note. */
  pagamento: PagamentoCliente | null;
  note: string | null;
  attivo: boolean;
}

/** The modalità of the FatturaPA schema a cliente may pay by (MP05 bonifico, MP12 RIBA, …). */
export const MODALITA_PAGAMENTO_CLIENTE = [
  'MP01',
  'MP02',
  'MP05',
  'MP08',
  'MP09',
  'MP12',
  'MP19',
  'MP21',
] as const;

export const dichiarazioneIntentoSchema = z.strictObject({
  protocollo: z
    .string({ error: "Dichiarazione d'intento: protocollo obbligatorio" })
    .trim()
    .min(1, { error: "Dichiarazione d'intento: protocollo obbligatorio" })
    .max(40, { error: "Dichiarazione d'intento: protocollo di al massimo 40 caratteri" }),
  data: z.iso.date({ error: "Dichiarazione d'intento: data non valida (AAAA-MM-GG)" }),
});
export type DichiarazioneIntento = z.output<typeof dichiarazioneIntentoSchema>;

export const pagamentoClienteSchema = z.strictObject({
  modalita: z.enum(MODALITA_PAGAMENTO_CLIENTE, { error: 'Modalità di pagamento non valida' }),
  giorni: z
    .number({ error: 'Giorni di pagamento: un numero intero' })
    .int({ error: 'Giorni di pagamento: un numero intero' })
    .min(0, { error: 'Giorni di pagamento: non negativi' })
    .max(365, { error: 'Giorni di pagamento: al massimo 365' }),
  fineMese: z.boolean({ error: 'Fine mese: sì o no' }),
});
export type PagamentoCliente = z.output<typeof pagamentoClienteSchema>;
