import type { Blocco } from '@gestcava/contracts';
import { readJson, readString, writeJson, writeString } from '@/lib/storage';
import type { BloccoKind } from '../api/blocchi';
import type { FormValues } from './blocco-form-values';

/**
 * What this browser remembers of the blocchi entered, to enter the next one faster: the last
 * blocco's copyable fields ("Copia dal precedente") and the ubicazione last used for each cava
 * (the default of the next blocco from that cava; bought-in blocchi share one).
 */
const lastKey = (kind: BloccoKind) => `gestcava.blocco-precedente.${kind}`;
const ubicazioneKey = (cavaId: string | null | undefined) =>
  `gestcava.ubicazione-cava.${cavaId ?? 'esterni'}`;

/** Provenance, materiale, quality, ubicazione and defects: never codici nor measures. */
const COPIED = [
  'bancataId',
  'fornitoreId',
  'dataAcquisto',
  'unitaPrezzoAcquisto',
  'materialeId',
  'scelta',
  'categoria',
  'ubicazioneId',
  'difettoso',
  'difetti',
  'noteDifetti',
  'unitaPrezzo',
] as const;
type Copied = Pick<FormValues, (typeof COPIED)[number]>;

export interface PreviousBlocco {
  codice: string;
  values: Copied;
  fornitore: { _id: string; ragioneSociale: string } | null;
}

export function rememberBlocco(kind: BloccoKind, saved: Blocco): void {
  const values: Copied = {
    bancataId: saved.bancata?._id,
    fornitoreId: saved.fornitore?._id,
    dataAcquisto: saved.dataAcquisto,
    unitaPrezzoAcquisto: saved.unitaPrezzoAcquisto ?? undefined,
    materialeId: saved.materiale._id,
    scelta: saved.scelta,
    categoria: saved.categoria,
    ubicazioneId: saved.ubicazione?._id,
    difettoso: saved.difettoso,
    difetti: saved.difetti,
    noteDifetti: saved.noteDifetti ?? '',
    unitaPrezzo: saved.unitaPrezzo,
  };
  const previous: PreviousBlocco = {
    codice: saved.codice,
    values,
    fornitore: saved.fornitore ?? null,
  };
  writeJson(lastKey(kind), previous);
  if (saved.ubicazione) writeString(ubicazioneKey(saved.cava?._id), saved.ubicazione._id);
}

export function previousBlocco(kind: BloccoKind): PreviousBlocco | null {
  const stored = readJson(lastKey(kind));
  if (!stored || typeof stored !== 'object' || !('values' in stored) || !('codice' in stored))
    return null;
  return stored as PreviousBlocco;
}

/** The previous blocco's fields over a form's values, keeping a fixed bancata (the page's own). */
export function withPrevious(
  current: FormValues,
  previous: PreviousBlocco,
  fixedBancata: boolean,
): FormValues {
  const next: FormValues = { ...current };
  for (const key of COPIED) {
    if (!(key in current) || (key === 'bancataId' && fixedBancata)) continue;
    const value = previous.values[key];
    if (value !== undefined && value !== null) (next as Record<string, unknown>)[key] = value;
  }
  return next;
}

export function lastUbicazione(cavaId: string | null | undefined): string | null {
  return readString(ubicazioneKey(cavaId));
}
