import { casse, mqPavimenti, type LavorazionePavimenti } from '@gestcava/contracts';

/** What the pieces make: m² on the total (as the server stores it) and boxes, the last one maybe partial. */
export function completaPreview(
  lav: Pick<LavorazionePavimenti, 'lunghezzaMm' | 'larghezzaMm'>,
  pezzi: unknown,
  perCassa: unknown,
) {
  const n = typeof pezzi === 'number' && Number.isInteger(pezzi) && pezzi > 0 ? pezzi : null;
  const per =
    typeof perCassa === 'number' && Number.isInteger(perCassa) && perCassa > 0 ? perCassa : null;
  const mq = n !== null ? mqPavimenti(n, lav.lunghezzaMm, lav.larghezzaMm) : null;
  const boxes = n !== null && per !== null ? casse(n, per) : null;
  const lastBox = n !== null && per !== null && n % per !== 0 ? n % per : null;
  return { mq, boxes, lastBox };
}
