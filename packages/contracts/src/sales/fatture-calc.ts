import { isEuCountry } from '../countries/countries.js';
import { roundTo, sumRounded } from '../production/quantities.js';
import { BOLLO_IMPORTO, BOLLO_SOGLIA, type NaturaIva } from './fatture-codes.js';

// The invoice's arithmetic and VAT case (docs/fatture.md "Importi" and "IVA"), shared by the server
// (what it stores and writes in the XML) and the web (the live preview): the SDI's own checks.

/** The standard Italian rate. */
export const ALIQUOTA_ORDINARIA = 22;

/** The law each nature rests on, written in the summary's `RiferimentoNormativo`. */
export const RIFERIMENTI_NORMATIVI: Partial<Record<NaturaIva, string>> = {
  N1: 'Escluso art. 15 D.P.R. 633/1972',
  'N3.1': 'Non imponibile art. 8 c.1 lett. a D.P.R. 633/1972',
  'N3.2': 'Non imponibile art. 41 D.L. 331/1993',
  'N3.5': "Non imponibile art. 8 c.1 lett. c D.P.R. 633/1972 (dichiarazione d'intento)",
};

export interface CasoIva {
  aliquotaIva: number;
  natura: NaturaIva | null;
}

/**
 * The VAT of a sale of goods to this cliente: a dichiarazione d'intento N3.5; Italy 22 %; another EU
 * country with a VAT number N3.2; outside the EU N3.1; an EU private buyer (no VAT number) 22 %.
 */
export function casoIvaCliente(cliente: {
  nazione: string;
  partitaIva: string | null;
  dichiarazioneIntento?: unknown;
}): CasoIva {
  if (cliente.dichiarazioneIntento) return { aliquotaIva: 0, natura: 'N3.5' };
  const nazione = cliente.nazione.toUpperCase();
  if (nazione === 'IT') return { aliquotaIva: ALIQUOTA_ORDINARIA, natura: null };
  if (isEuCountry(nazione))
    return cliente.partitaIva
      ? { aliquotaIva: 0, natura: 'N3.2' }
      : { aliquotaIva: ALIQUOTA_ORDINARIA, natura: null };
  return { aliquotaIva: 0, natura: 'N3.1' };
}

/** A line's total: quantity (1 when none) × unit price less the percentage discount, half-up to the cent. */
export function prezzoTotaleRiga(r: {
  quantita: number | null;
  prezzoUnitario: number;
  scontoPercentuale: number | null;
}): number {
  const sconto = r.scontoPercentuale ? 1 - r.scontoPercentuale / 100 : 1;
  return roundTo((r.quantita ?? 1) * r.prezzoUnitario * sconto, 2);
}

export interface RigaImporto extends CasoIva {
  prezzoTotale: number;
}

export interface Riepilogo extends CasoIva {
  imponibile: number;
  imposta: number;
  riferimentoNormativo: string | null;
}

/** One summary per rate and nature, in the order they first appear; tax = imponibile × rate, half-up. */
export function riepiloghi(righe: readonly RigaImporto[]): Riepilogo[] {
  const groups = new Map<string, { caso: CasoIva; totali: number[] }>();
  for (const r of righe) {
    const key = `${r.aliquotaIva}|${r.natura ?? ''}`;
    const g = groups.get(key) ?? {
      caso: { aliquotaIva: r.aliquotaIva, natura: r.natura },
      totali: [],
    };
    g.totali.push(r.prezzoTotale);
    groups.set(key, g);
  }
  return [...groups.values()].map(({ caso, totali }) => {
    const imponibile = sumRounded(totali, 2);
    return {
      ...caso,
      imponibile,
      imposta: roundTo((imponibile * caso.aliquotaIva) / 100, 2),
      riferimentoNormativo: caso.natura ? (RIFERIMENTI_NORMATIVI[caso.natura] ?? null) : null,
    };
  });
}

/** Imponibile, tax and the document's total (`ImportoTotaleDocumento`): sums of the summaries. */
export function totaliFattura(riepilogo: readonly Riepilogo[]) {
  const imponibile = sumRounded(
    riepilogo.map((r) => r.imponibile),
    2,
  );
  const imposta = sumRounded(
    riepilogo.map((r) => r.imposta),
    2,
  );
  return { imponibile, imposta, totale: sumRounded([imponibile, imposta], 2) };
}

/**
 * The virtual stamp duty: owed on the part without VAT above € 77,47, except exports and intra-EU
 * sales (N3.1, N3.2), which owe none; the stamp line itself (N1) does not count.
 */
export function bolloDovuto(righe: readonly RigaImporto[]): number | null {
  const esente = sumRounded(
    righe
      .filter((r) => r.natura && !['N3.1', 'N3.2', 'N1'].includes(r.natura))
      .map((r) => r.prezzoTotale),
    2,
  );
  return esente > BOLLO_SOGLIA ? BOLLO_IMPORTO : null;
}

/** A due date from the cliente's terms: from the invoice date (or its month's last day), plus days. */
export function scadenzaDa(data: string, giorni: number, fineMese: boolean): string {
  const d = new Date(`${data}T00:00:00Z`);
  if (fineMese) d.setUTCMonth(d.getUTCMonth() + 1, 0);
  d.setUTCDate(d.getUTCDate() + giorni);
  return d.toISOString().slice(0, 10);
}

/** Latin-1 only (the schema's text type): typographic marks and € transliterated, the rest folded or dropped. */
export function latin1(text: string): string {
  const map: Record<string, string> = {
    '\u2018': "'",
    '\u2019': "'",
    '\u201A': "'",
    '\u201B': "'",
    '\u201C': '"',
    '\u201D': '"',
    '\u201E': '"',
    '\u2013': '-',
    '\u2014': '-',
    '\u2212': '-',
    '\u2026': '...',
    '\u20AC': 'EUR',
    '\u00A0': ' ',
    '\u2022': '-',
    '\u00B3': '3',
    '\u00B2': '2',
  };
  let out = '';
  for (const ch of text) {
    if (map[ch] !== undefined) out += map[ch];
    else if (/[\t\n\r\u0020-\u007E\u00A0-\u00FF]/.test(ch)) out += ch;
    else {
      const folded = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\u0020-\u007E\u00A0-\u00FF]+$/.test(folded) ? folded : '?';
    }
  }
  return out;
}
