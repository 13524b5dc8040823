import { INFORMI_A_PESO, informeAVolume, pesoT, roundTo, volumeM3 } from '@gestcava/contracts';
import { badRequest } from '../../lib/app-error.js';
import type { BloccoRow } from './blocchi.mapper.js';

/** A block's gross and net measures, in cm. */
export type Dims = Pick<
  BloccoRow,
  'lunghezza' | 'altezza' | 'profondita' | 'lunghezzaNetta' | 'altezzaNetta' | 'profonditaNetta'
>;

type Gross = Pick<Dims, 'lunghezza' | 'altezza' | 'profondita'>;
/** A net measure left out keeps its value; `null` (sent empty) goes back to the gross one. */
type NetChange = { [K in 'lunghezzaNetta' | 'altezzaNetta' | 'profonditaNetta']?: number | null };

/** The measures of a new block: a net measure not given is the gross one. */
export function newDims(body: Gross & NetChange): Dims {
  return {
    lunghezza: body.lunghezza,
    altezza: body.altezza,
    profondita: body.profondita,
    lunghezzaNetta: body.lunghezzaNetta ?? body.lunghezza,
    altezzaNetta: body.altezzaNetta ?? body.altezza,
    profonditaNetta: body.profonditaNetta ?? body.profondita,
  };
}

/** The measures after an edit that sends some of them. */
export function updatedDims(current: Dims, body: Partial<Gross> & NetChange): Dims {
  const gross = {
    lunghezza: body.lunghezza ?? current.lunghezza,
    altezza: body.altezza ?? current.altezza,
    profondita: body.profondita ?? current.profondita,
  };
  return {
    ...gross,
    lunghezzaNetta:
      body.lunghezzaNetta === null
        ? gross.lunghezza
        : (body.lunghezzaNetta ?? current.lunghezzaNetta),
    altezzaNetta:
      body.altezzaNetta === null ? gross.altezza : (body.altezzaNetta ?? current.altezzaNetta),
    profonditaNetta:
      body.profonditaNetta === null
        ? gross.profondita
        : (body.profonditaNetta ?? current.profonditaNetta),
  };
}

/**
 * Volumes and theoretical weight from the measures, with the shared pure functions. The theoretical
 * weight is the NET volume's (docs/api.md "Weight"): the one a block is valued and sold on without a weighbridge.
 */
export function quantities(d: Dims, densita: number) {
  const volumeNetto = volumeM3(d.lunghezzaNetta, d.altezzaNetta, d.profonditaNetta);
  return {
    volumeLordo: volumeM3(d.lunghezza, d.altezza, d.profondita),
    volumeNetto,
    pesoTeorico: pesoT(volumeNetto, densita),
  };
}

/** 400 when a net measure exceeds its gross one, on the net field. */
export function assertNetWithinGross(d: Dims) {
  for (const [g, n, label] of [
    ['lunghezza', 'lunghezzaNetta', 'Lunghezza netta'],
    ['altezza', 'altezzaNetta', 'Altezza netta'],
    ['profondita', 'profonditaNetta', 'Profondità netta'],
  ] as const) {
    if (d[n] > d[g])
      throw badRequest(`${label}: non può superare la misura lorda (${d[g]} cm)`, [
        { path: n, message: `${label}: non può superare la misura lorda (${d[g]} cm)` },
      ]);
  }
}

type Pesata = Pick<BloccoRow, 'pesoPesa' | 'dataPesata' | 'numeroPesata'>;

/**
 * The pesata as it stands after a create or an edit (a field left out keeps its value): a ticket or
 * a date needs the tonnes read at the weighbridge, and a block cannot cross it after today.
 */
export function assertPesata(current: Pesata | null, body: Partial<Pesata>, today: string) {
  const value = <K extends keyof Pesata>(k: K) =>
    body[k] === undefined ? (current?.[k] ?? null) : body[k];
  const [peso, data, numero] = [value('pesoPesa'), value('dataPesata'), value('numeroPesata')];
  if ((data || numero) && peso == null) {
    const message = 'La pesata ha bisogno del peso letto alla pesa (t)';
    throw badRequest(message, [{ path: 'pesoPesa', message }]);
  }
  if (data && data > today) {
    const message = 'Data della pesata: non può essere nel futuro';
    throw badRequest(message, [{ path: 'dataPesata', message }]);
  }
}

/** 400 when a production date is after today (Rome): a block is counted as produced once it is squared. */
export function assertDataRiquadratura(data: string, oggi: string) {
  const message = 'Data riquadratura: non può essere nel futuro';
  if (data > oggi) throw badRequest(message, [{ path: 'dataRiquadratura', message }]);
}

/** An informe's list price is per tonne or quintale, never per m³ (docs/reportistica.md, "Regole delle cifre"). */
export function assertAPeso(b: Parameters<typeof informeAVolume>[0]) {
  if (informeAVolume(b))
    throw badRequest(INFORMI_A_PESO, [{ path: 'unitaPrezzo', message: INFORMI_A_PESO }]);
}

const T = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const M3 = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/**
 * A weighbridge reading far from the block it is typed on (docs/ddt.md "La pesata"): outside 0,5–1,5
 * × the gross m³ × density it is refused, naming the expected range, unless the user confirms it.
 * Only a new or changed reading is checked, so a confirmed one does not ask again at the next edit.
 */
export function assertPesoPlausibile(
  pesoPesa: number | null | undefined,
  previous: number | null,
  block: { volumeLordo: number; densita: number },
  confermato: boolean,
) {
  if (pesoPesa == null || pesoPesa === previous || confermato) return;
  const atteso = block.volumeLordo * block.densita;
  const [min, max] = [roundTo(atteso * 0.5, 2), roundTo(atteso * 1.5, 2)];
  if (pesoPesa >= min && pesoPesa <= max) return;
  const message = `Peso alla pesa fuori norma: per ${M3.format(block.volumeLordo)} m³ lordi a ${block.densita.toLocaleString('it-IT')} t/m³ ci si attende tra ${T.format(min)} e ${T.format(max)} t. Se il peso è giusto, conferma il peso fuori norma`;
  throw badRequest(message, [{ path: 'pesoPesa', message }]);
}

/** Whether a reading is one the user had to confirm: what the history records beside it. */
export function pesoFuori(
  pesoPesa: number | null,
  block: { volumeLordo: number; densita: number },
) {
  if (pesoPesa == null) return false;
  const atteso = block.volumeLordo * block.densita;
  return pesoPesa < roundTo(atteso * 0.5, 2) || pesoPesa > roundTo(atteso * 1.5, 2);
}
