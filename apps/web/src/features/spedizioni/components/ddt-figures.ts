import { detailPath, numeroDdt, type DdtElemento } from '@gestcava/contracts';
import { formatArea, formatInteger, formatVolume } from '@/lib/format';

// How a DDT line reads on screen, in the form and on the detail alike (the PDF prints the same figures).

const plural = (n: number, one: string, many: string) =>
  `${formatInteger(n)} ${n === 1 ? one : many}`;

/** "10,800 m³", "4 lastre, 18,00 m²", "36 pezzi, 3 casse, 3,35 m²". */
export function quantitaOf(
  e: Pick<DdtElemento, 'entityType' | 'pezzi' | 'casse' | 'mq' | 'm3'>,
): string {
  switch (e.entityType) {
    case 'blocco':
      return formatVolume(e.m3);
    case 'pacco':
      return `${plural(e.pezzi, 'lastra', 'lastre')}, ${formatArea(e.mq)}`;
    case 'lastra':
      return formatArea(e.mq);
    case 'lotto':
      return `${plural(e.pezzi, 'pezzo', 'pezzi')}, ${plural(e.casse ?? 0, 'cassa', 'casse')}, ${formatArea(e.mq)}`;
  }
}

const BASI: Record<DdtElemento['pesoBase'], string> = {
  pesato: 'pesato',
  teorico: 'teorico',
  stimato: 'stimato',
  calcolato: 'calcolato',
};
/** "29.268 kg (stimato)". */
export const pesoOf = (e: Pick<DdtElemento, 'pesoKg' | 'pesoBase'>) =>
  `${formatInteger(e.pesoKg)} kg (${BASI[e.pesoBase]})`;

export const colliText = (n: number) => plural(n, 'collo', 'colli');

/** The item's page: the block, the bundle, the slab, or the lot a tile sale came from. */
export function itemPath(e: Pick<DdtElemento, 'entityType' | '_id' | 'lottoId'>): string | null {
  if (e.entityType === 'lotto') return e.lottoId ? detailPath('lotto', e.lottoId) : null;
  return detailPath(e.entityType, e._id);
}

/** "3 colli · 23,58 m² · 10,800 m³ · 30.397 kg": the totals, the empty measures left out. */
export function totaliText(t: { colli: number; pesoKg: number; mq: number; m3: number }): string[] {
  return [
    colliText(t.colli),
    t.mq > 0 ? formatArea(t.mq) : '',
    t.m3 > 0 ? formatVolume(t.m3) : '',
    `${formatInteger(t.pesoKg)} kg`,
  ].filter(Boolean);
}

/** "12/2026", or "Bozza" before it is emitted. */
export const numeroOf = (d: { numero: number | null; anno: number | null }) =>
  d.numero != null && d.anno != null ? numeroDdt(d.numero, d.anno) : 'Bozza';

/** "Hafenstraße 12, 20457 Hamburg, DE". */
export const indirizzoText = (a: {
  indirizzo: string;
  cap?: string | null;
  comune: string;
  provincia?: string | null;
  nazione?: string | null;
}) =>
  [
    a.indirizzo,
    [a.cap, a.comune, a.provincia ? `(${a.provincia})` : ''].filter(Boolean).join(' '),
    a.nazione,
  ]
    .filter(Boolean)
    .join(', ');

/** A SelectButton's choices, those not taken outlined (as in components/stock/operation-fields.tsx). */
export const outlined = <T>(options: ReadonlyArray<{ value: T; label: string }>, value: T) =>
  options.map((o) => ({ ...o, className: o.value === value ? undefined : 'p-button-outlined' }));
