import { casseText, UNITA_PREZZO_MOVIMENTO_LABELS, type Movimento } from '@gestcava/contracts';
import { formatArea, formatEuro, formatInteger } from '@/lib/format';

/**
 * A movimento's line after its kind: what moved (a lot's pieces also in boxes), to whom, the unit
 * price with the amount beside it ("185,50 €/m² · 534,24 €": the price alone read as the amount), the document.
 */
export function movimentoDettagli(
  m: Movimento,
  unit: 'lastre' | 'pezzi',
  pezziPerCassa?: number,
): string {
  const word = (n: number) =>
    unit === 'lastre'
      ? Math.abs(n) === 1
        ? 'lastra'
        : 'lastre'
      : Math.abs(n) === 1
        ? 'pezzo'
        : 'pezzi';
  const boxes =
    unit === 'pezzi' && pezziPerCassa
      ? `, ${casseText(Math.abs(m.pezzi), pezziPerCassa)}`
      : m.casse
        ? `, ${formatInteger(m.casse)} casse`
        : '';
  const moved =
    m.pezzi !== 0 ? ` ${formatInteger(m.pezzi)} ${word(m.pezzi)}, ${formatArea(m.mq)}${boxes}` : '';
  const rest = [
    m.cliente?.ragioneSociale,
    m.prezzo !== null && m.unitaPrezzo !== null && m.unitaPrezzo !== 'totale'
      ? `${formatEuro(m.prezzo)}${UNITA_PREZZO_MOVIMENTO_LABELS[m.unitaPrezzo].slice(1)}`
      : null,
    m.importo !== null ? formatEuro(m.importo) : null,
    m.documento,
  ].filter(Boolean);
  return moved + rest.map((r) => ` · ${r}`).join('');
}
