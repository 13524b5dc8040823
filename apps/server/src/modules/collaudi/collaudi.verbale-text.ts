import { ABBUONO_LABELS, type Collaudo, SCELTA_LABELS } from '@gestcava/contracts';

// The verbale's texts: numbers, dates and amounts the Italian way, and what each block's row says.

type Riga = Collaudo['righe'][number];

// `useGrouping: 'always'`: it-IT groups only from five digits by default, and "1.234,50" is what an Italian reads.
const formats = new Map<string, Intl.NumberFormat>();
/** A number the Italian way, with exactly `decimals` decimals (or up to them with `upTo`): 1.234,567. */
export function numeroIt(value: number, decimals: number, upTo = false): string {
  const key = `${decimals}${upTo}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat('it-IT', { minimumFractionDigits: upTo ? 0 : decimals, maximumFractionDigits: decimals, useGrouping: 'always' });
    formats.set(key, f);
  }
  return f.format(value);
}
export const euro = (value: number) => `€ ${numeroIt(value, 2)}`;

export const misure = (l: number | null, h: number | null, p: number | null) =>
  l == null && h == null && p == null ? '—' : [l, h, p].map((v) => (v == null ? '—' : numeroIt(v, 0))).join(' × ');

export function abbuono(r: Riga): string {
  // as calcolaRiga: a zero or missing value is no abbuono
  if (!r.abbuonoTipo || !r.abbuonoValore) return '—';
  const v = r.abbuonoValore;
  switch (r.abbuonoTipo) {
    case 'cm_per_lato':
    case 'cm_lunghezza':
    case 'cm_altezza':
    case 'cm_profondita':
      return `${numeroIt(v, 0)} ${ABBUONO_LABELS[r.abbuonoTipo]}`;
    case 'm3':
      return `${numeroIt(v, 3)} ${ABBUONO_LABELS.m3}`;
    case 'percentuale':
      return `${numeroIt(v, 2, true)}${ABBUONO_LABELS.percentuale}`;
    case 'prezzo':
      return ABBUONO_LABELS.prezzo.replace('€', euro(v));
  }
}

/** The block's code, then its quarry and certificate code: what lets the buyer trace it. */
export function blocco(r: Riga): string {
  const b = r.blocco;
  return [b.codice, b.cava && `Cava ${b.cava.codice} ${b.cava.nome}`, b.codiceTracciabilita && `Tracc. ${b.codiceTracciabilita}`].filter(Boolean).join('\n');
}

/** The material and the grade it is sold as: the one assigned at the collaudo, else the block's own. */
export const materiale = (r: Riga) => `${r.blocco.materiale.nome}\n${SCELTA_LABELS[r.sceltaAssegnata ?? r.blocco.scelta]} scelta`;
