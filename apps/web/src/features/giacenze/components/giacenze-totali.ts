import type { Giacenze } from '@gestcava/contracts';
import { formatArea, formatEuro, formatInteger, formatWeight } from '@/lib/format';

type Riga = Giacenze['righe'][number];

const sum = (righe: Riga[], f: (r: Riga) => number) => righe.reduce((a, r) => a + f(r), 0);

/**
 * The giacenze's totals. Slabs and tiles are counted apart: 12 slabs and 800 tiles are not
 * 812 "pezzi". m², t and € add up across both.
 */
export function totaliGiacenza(righe: Riga[]): Array<{ label: string; value: string }> {
  const lastre = righe.filter((r) => r.tipo === 'lastre');
  const pavimenti = righe.filter((r) => r.tipo === 'pavimenti');
  return [
    ...(lastre.length
      ? [{ label: 'Lastre', value: formatInteger(sum(lastre, (r) => r.pezzi)) }]
      : []),
    ...(pavimenti.length
      ? [{ label: 'Pezzi di pavimento', value: formatInteger(sum(pavimenti, (r) => r.pezzi)) }]
      : []),
    { label: 'm²', value: formatArea(sum(righe, (r) => r.mq)) },
    { label: 'Peso', value: formatWeight(sum(righe, (r) => r.pesoT)) },
    { label: 'Valore a listino', value: formatEuro(sum(righe, (r) => r.valore)) },
  ];
}
