import { casseText, mqPavimenti } from '@gestcava/contracts';
import { formatArea, formatInteger, formatNumber } from '@/lib/format';

/** A tile lot's format and free pieces: what a quantity in pezzi, casse or m² converts with. */
export interface LottoQuantita {
  lunghezzaMm: number;
  larghezzaMm: number;
  pezziPerCassa: number;
  /** m² are taken in whole boxes */
  vendutoACasse: boolean;
  /** pieces free to reserve or sell now */
  disponibili: number;
}

export type Unit = 'pezzi' | 'casse' | 'mq';

/** What a quantity of a lot comes to, as the server will count it; m² of a lot sold by the box say the boxes they round to. */
export function conversione(
  lotto: LottoQuantita,
  unit: Unit,
  value: number | undefined,
  pezzi: number | null,
): string {
  const piece = (lotto.lunghezzaMm * lotto.larghezzaMm) / 1e6;
  const mq = (n: number) => formatArea(mqPavimenti(n, lotto.lunghezzaMm, lotto.larghezzaMm));
  const oltre =
    pezzi !== null && pezzi > lotto.disponibili
      ? ` — più dei ${formatInteger(lotto.disponibili)} liberi`
      : '';
  if (pezzi === null)
    return `Liberi: ${formatInteger(lotto.disponibili)} pezzi (${lotto.pezziPerCassa} per cassa${lotto.vendutoACasse ? ', si vende a casse intere' : ''})`;
  if (pezzi === 0 && lotto.vendutoACasse)
    return `Meno di una cassa: il lotto si vende a casse intere, una cassa misura ${formatNumber(piece * lotto.pezziPerCassa, undefined, 6)} m²`;
  if (pezzi === 0)
    return `Meno di un pezzo: un pezzo misura ${formatNumber(piece, undefined, 6)} m²`;
  if (unit === 'mq' && lotto.vendutoACasse && value !== undefined) {
    const casse = pezzi / lotto.pezziPerCassa;
    return `${formatArea(value)} → ${formatInteger(casse)} ${casse === 1 ? 'cassa' : 'casse'} (${formatInteger(pezzi)} pezzi, ${mq(pezzi)})${oltre}`;
  }
  return `= ${formatInteger(pezzi)} pezzi · ${mq(pezzi)} · ${casseText(pezzi, lotto.pezziPerCassa)}${oltre}`;
}
