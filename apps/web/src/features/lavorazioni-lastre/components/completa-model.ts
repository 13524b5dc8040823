import {
  lastraCodice,
  resaSegagione,
  verificaSegagione,
  type LavorazioneLastre,
  type LavorazioneLastreCompleta,
} from '@gestcava/contracts';
import { readNumberInput } from '@/components/form/number-text';
import { formatInteger } from '@/lib/format';
import {
  averageMq,
  gridMq,
  mmError,
  pacchiOf,
  readMm,
  rowErrors,
  rowsToLastre,
  type GridRow,
} from './lastre-grid-model';

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
  /** What the block cannot give (slab over the face, too many slabs, yield over the theoretical), as the server will refuse it. */
  limite: string | null;
}

/** The sawing's block and machine, as the limits need them. */
export type LavorazioneLimiti = Pick<LavorazioneLastre, 'blocco' | 'spessoreMm' | 'macchina'>;

/** The server's rule on the slabs typed so far: null while the block can give them. */
function limiteOf(
  lav: LavorazioneLimiti,
  lastre: readonly { lunghezzaMm: number; altezzaMm: number }[],
): string | null {
  if (lastre.length === 0) return null;
  const esito = verificaSegagione(
    lav.blocco,
    { spessoreMm: lav.spessoreMm, kerfMm: lav.macchina.kerfMm, rifiloMm: lav.macchina.rifiloMm },
    lastre,
  );
  return esito.ok ? null : esito.message;
}

const uguali = (n: number, lunghezzaMm: number, altezzaMm: number) =>
  Array.from({ length: n }, () => ({ lunghezzaMm, altezzaMm }));

function readNumero(text: string): number | null {
  const n = readNumberInput(text);
  return n !== null && Number.isInteger(n) && n >= 1 && n <= 999 ? n : null;
}

export function figuresOf(draft: CompletaDraft, lav: LavorazioneLimiti): CompletaFigures {
  let numeroLastre: number;
  let mq: number;
  let complete: Array<{ lunghezzaMm: number; altezzaMm: number }>;
  if (draft.mode === 'una') {
    complete = draft.rows.flatMap((r) => {
      const lunghezzaMm = readMm(r.lunghezza);
      const altezzaMm = readMm(r.altezza);
      return lunghezzaMm !== null && altezzaMm !== null ? [{ lunghezzaMm, altezzaMm }] : [];
    });
    numeroLastre = complete.length;
    mq = gridMq(draft.rows);
  } else {
    const n = readNumero(draft.numero);
    const l = readMm(draft.lunghezza);
    const h = readMm(draft.altezza);
    numeroLastre = n ?? 0;
    mq = n !== null && l !== null && h !== null ? averageMq(n, l, h) : 0;
    complete = n !== null && l !== null && h !== null ? uguali(n, l, h) : [];
  }
  return {
    numeroLastre,
    mq,
    pacchi: pacchiOf(numeroLastre, draft.lastrePerPacco),
    resa: mq > 0 ? resaSegagione(mq, lav.blocco.volumeNetto) : null,
    primo: numeroLastre > 0 ? lastraCodice(lav.blocco.codice, 1) : null,
    ultimo: numeroLastre > 0 ? lastraCodice(lav.blocco.codice, numeroLastre) : null,
    limite: limiteOf(lav, complete),
  };
}

/** The draft as the request body, or the first reason it cannot be sent yet (Italian). */
export function bodyOf(
  draft: CompletaDraft,
  lav: LavorazioneLimiti,
): { body: LavorazioneLastreCompleta } | { error: string } {
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
    if (!Number.isInteger(n) || n < 1 || n > 999)
      return { error: 'Numero di lastre: un numero intero da 1 a 999' };
    const e =
      mmError(draft.lunghezza, 'Lunghezza media') ?? mmError(draft.altezza, 'Altezza media');
    if (e) return { error: e };
    result = {
      body: {
        numeroLastre: n,
        lunghezzaMm: readMm(draft.lunghezza) ?? 0,
        altezzaMm: readMm(draft.altezza) ?? 0,
        ...common,
        ubicazioneId: draft.ubicazioneId ?? '',
      },
    };
  }
  if (
    draft.lastrePerPacco !== null &&
    (!Number.isInteger(draft.lastrePerPacco) ||
      draft.lastrePerPacco < 1 ||
      draft.lastrePerPacco > 999)
  ) {
    return { error: 'Lastre per pacco: un numero intero da 1 a 999' };
  }
  if ('body' in result) {
    const b = result.body;
    const limite = limiteOf(
      lav,
      'lastre' in b ? b.lastre : uguali(b.numeroLastre, b.lunghezzaMm, b.altezzaMm),
    );
    if (limite) return { error: limite };
  }
  if (!draft.ubicazioneId) return { error: "Scegli l'ubicazione dei pacchi" };
  return result;
}

const lastre = (n: number) => (n === 1 ? '1 lastra' : `${formatInteger(n)} lastre`);

/** "3 pacchi da 20 lastre", or the last one's size when it differs. */
export function pacchiText(sizes: readonly number[]): string {
  if (sizes.length === 0) return '—';
  if (sizes.length === 1) return `1 pacco da ${lastre(sizes[0] ?? 0)}`;
  const first = sizes[0] ?? 0;
  const last = sizes.at(-1) ?? 0;
  return last === first
    ? `${sizes.length} pacchi da ${lastre(first)}`
    : `${sizes.length} pacchi: ${sizes.length - 1} da ${formatInteger(first)}, l'ultimo da ${formatInteger(last)}`;
}
