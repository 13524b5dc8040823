// The codes of the FatturaPA schema an invoice uses, with their Italian labels (docs/fatture.md).
import { MODALITA_PAGAMENTO_CLIENTE } from '../anagrafica/anagrafica.schema.js';

export const FATTURA_TIPI = ['TD24', 'TD01', 'TD04'] as const;
export type FatturaTipo = (typeof FATTURA_TIPI)[number];
export const FATTURA_TIPO_LABELS: Record<FatturaTipo, string> = {
  TD24: 'Fattura differita',
  TD01: 'Fattura immediata',
  TD04: 'Nota di credito',
};

export const FATTURA_STATI = ['bozza', 'emessa'] as const;
export type FatturaStato = (typeof FATTURA_STATI)[number];
export const FATTURA_STATO_LABELS: Record<FatturaStato, string> = {
  bozza: 'Bozza',
  emessa: 'Emessa',
};

/** The SDI's answers: delivered, refused (the invoice is not issued), or not deliverable (left in the cliente's reserved area). */
export const FATTURA_ESITI = ['consegnata', 'scartata', 'mancata_consegna'] as const;
export type FatturaEsito = (typeof FATTURA_ESITI)[number];
export const FATTURA_ESITO_LABELS: Record<FatturaEsito, string> = {
  consegnata: 'Consegnata',
  scartata: 'Scartata',
  mancata_consegna: 'Mancata consegna',
};

/** The VAT natures of the FatturaPA schema (v1.2.2) for a line at rate 0. */
export const NATURE_IVA = [
  'N1',
  'N2.1',
  'N2.2',
  'N3.1',
  'N3.2',
  'N3.3',
  'N3.4',
  'N3.5',
  'N3.6',
  'N4',
  'N5',
  'N6.1',
  'N6.2',
  'N6.3',
  'N6.4',
  'N6.5',
  'N6.6',
  'N6.7',
  'N6.8',
  'N6.9',
  'N7',
] as const;
export type NaturaIva = (typeof NATURE_IVA)[number];
export const NATURA_IVA_LABELS: Partial<Record<NaturaIva, string>> = {
  N1: 'Escluse ex art. 15',
  'N2.2': 'Non soggette',
  'N3.1': 'Non imponibili - esportazioni',
  'N3.2': 'Non imponibili - cessioni intracomunitarie',
  'N3.5': "Non imponibili - a seguito di dichiarazioni d'intento",
  N4: 'Esenti',
};

export const CONDIZIONI_PAGAMENTO = ['TP01', 'TP02'] as const;
export type CondizioniPagamento = (typeof CONDIZIONI_PAGAMENTO)[number];
export const CONDIZIONI_PAGAMENTO_LABELS: Record<CondizioniPagamento, string> = {
  TP01: 'A rate',
  TP02: 'Pagamento completo',
};

export const MODALITA_PAGAMENTO = MODALITA_PAGAMENTO_CLIENTE;
export type ModalitaPagamento = (typeof MODALITA_PAGAMENTO)[number];
export const MODALITA_PAGAMENTO_LABELS: Record<ModalitaPagamento, string> = {
  MP01: 'Contanti',
  MP02: 'Assegno',
  MP05: 'Bonifico',
  MP08: 'Carta di pagamento',
  MP09: 'RID',
  MP12: 'RIBA',
  MP19: 'SEPA Direct Debit',
  MP21: 'SEPA Direct Debit B2B',
};

/** The regimi fiscali of the schema; a quarry is almost always RF01 (ordinario). */
export const REGIMI_FISCALI = [
  'RF01',
  'RF02',
  'RF04',
  'RF05',
  'RF06',
  'RF07',
  'RF08',
  'RF09',
  'RF10',
  'RF11',
  'RF12',
  'RF13',
  'RF14',
  'RF15',
  'RF16',
  'RF17',
  'RF18',
  'RF19',
] as const;
export type RegimeFiscale = (typeof REGIMI_FISCALI)[number];
export const REGIME_FISCALE_LABELS: Partial<Record<RegimeFiscale, string>> = {
  RF01: 'Ordinario',
  RF02: 'Contribuenti minimi',
  RF19: 'Forfettario',
};
export const SOCIO_UNICO = ['SU', 'SM'] as const;
export const SOCIO_UNICO_LABELS: Record<(typeof SOCIO_UNICO)[number], string> = {
  SU: 'Socio unico',
  SM: 'Più soci',
};
export const STATO_LIQUIDAZIONE = ['LN', 'LS'] as const;
export const STATO_LIQUIDAZIONE_LABELS: Record<(typeof STATO_LIQUIDAZIONE)[number], string> = {
  LN: 'Non in liquidazione',
  LS: 'In liquidazione',
};

/** The stamp duty on an invoice without VAT above this amount (art. 6 tariffa D.P.R. 642/1972). */
export const BOLLO_SOGLIA = 77.47;
export const BOLLO_IMPORTO = 2;
