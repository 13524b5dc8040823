import { lastraCodice, resaSegagione, type LavorazioneLastre, type LavorazioneLastreCompleta } from '@gestcava/contracts';
import { readNumberInput } from '@/components/form/number-text';
import { averageMq, gridMq, mmError, pacchiOf, readMm, rowErrors, rowsToLastre, type GridRow } from './lastre-grid-model';

/** What the completion screen holds while the clerk types. */
export interface CompletaDraft {
  mode: 'una' | 'media';
  rows: GridRow[];
  numero: string;
  lunghezza: string;
  altezza: string;
  lastrePerPacco: number | null;
  ubicazioneId: string | null;
}

/** The live figures beside the grid: slabs counted, m², bundles, yield beside the maximum. */
export interface CompletaFigures {
  numeroLastre: number;
  mq: number;
  pacchi: number[];
  resa: number | null;
  primo: string | null;
  ultimo: string | null;
}

function readNumero(text: string): number | null {
  const n = readNumberInput(text);
  return n !== null && Number.isInteger(n) && n >= 1 && n <= 999 ? n : null;
}

export function figuresOf(draft: CompletaDraft, lav: Pick<LavorazioneLastre, 'blocco'>): CompletaFigures {
  let numeroLastre: number;
  let mq: number;
  if (draft.mode === 'una') {
    numeroLastre = draft.rows.filter((r) => readMm(r.lunghezza) !== null && readMm(r.altezza) !== null).length;
    mq = gridMq(draft.rows);
  } else {
    const n = readNumero(draft.numero);
    const l = readMm(draft.lunghezza);
    const h = readMm(draft.altezza);
    numeroLastre = n ?? 0;
    mq = n !== null && l !== null && h !== null ? averageMq(n, l, h) : 0;
  }
  return {
    numeroLastre,
    mq,
    pacchi: pacchiOf(numeroLastre, draft.lastrePerPacco),
    resa: mq > 0 ? resaSegagione(mq, lav.blocco.volumeNetto) : null,
    primo: numeroLastre > 0 ? lastraCodice(lav.blocco.codice, 1) : null,
    ultimo: numeroLastre > 0 ? lastraCodice(lav.blocco.codice, numeroLastre) : null,
  };
}

/** The draft as the request body, or the first reason it cannot be sent yet (Italian). */
export function bodyOf(draft: CompletaDraft): { body: LavorazioneLastreCompleta } | { error: string } {
  const common = {
    ...(draft.lastrePerPacco !== null ? { lastrePerPacco: draft.lastrePerPacco } : {}),
  };
  let result: { body: LavorazioneLastreCompleta } | { error: string };
  if (draft.mode === 'una') {
    const wrong = draft.rows.findIndex((r) => {
      const e = rowErrors(r);
      return e.lunghezza || e.altezza;
    });
    if (wrong >= 0) {
      const e = rowErrors(draft.rows[wrong] as GridRow);
      return { error: `Lastra ${wrong + 1}: ${e.lunghezza ?? e.altezza}` };
    }
    if (draft.rows.length > 999) return { error: 'Al massimo 999 lastre per blocco' };
    const lastre = rowsToLastre(draft.rows) ?? [];
    result = { body: { lastre, ...common, ubicazioneId: draft.ubicazioneId ?? '' } };
  } else {
    const n = readNumberInput(draft.numero);
    if (n === null) return { error: 'Numero di lastre: obbligatorio' };
    if (!Number.isInteger(n) || n < 1 || n > 999) return { error: 'Numero di lastre: un numero intero da 1 a 999' };
    const e = mmError(draft.lunghezza, 'Lunghezza media') ?? mmError(draft.altezza, 'Altezza media');
    if (e) return { error: e };
    result = { body: { numeroLastre: n, lunghezzaMm: readMm(draft.lunghezza) ?? 0, altezzaMm: readMm(draft.altezza) ?? 0, ...common, ubicazioneId: draft.ubicazioneId ?? '' } };
  }
  if (draft.lastrePerPacco !== null && (!Number.isInteger(draft.lastrePerPacco) || draft.lastrePerPacco < 1 || draft.lastrePerPacco > 999)) {
    return { error: 'Lastre per pacco: un numero intero da 1 a 999' };
  }
  if (!draft.ubicazioneId) return { error: "Scegli l'ubicazione dei pacchi" };
  return result;
}
