import {
  pesoT,
  volumeM3,
  type BloccoEsternoCreate,
  type BloccoInternoCreate,
  type Blocco,
  type DIFETTI,
} from '@gestcava/contracts';
import { todayIso } from '@/lib/iso-date';
import { positive } from '@/lib/production-format';
import type { BloccoKind } from '../api/blocchi';

export type Difetto = (typeof DIFETTI)[number];

/** The bancata a new blocco comes from, when the page already knows it (the bancata's detail). */
export interface BancataOrigin {
  _id: string;
  codice: string;
  materiale: { _id: string; nome: string; densita: number };
  /** for the ubicazione last used at that cava */
  cava?: { _id: string } | null;
}

/** The id of a blocco form's field (its label, its message). */
export const fid = (name: string) => `blocco-${name}`;

/** One shape for both kinds; only the kind's own keys are in the form (the schemas are strict). */
export type FormValues = {
  bancataId?: string;
  dataRiquadratura?: string;
  fornitoreId?: string;
  numeroFornitore?: string | null;
  dataAcquisto?: string | null;
  prezzoAcquisto?: number | null;
  unitaPrezzoAcquisto?: string;
  costoTrasporto?: number | null;
  codiceTracciabilita?: string | null;
  materialeId?: string;
  scelta?: string;
  categoria?: string;
  difettoso?: boolean;
  difetti?: Difetto[];
  noteDifetti?: string | null;
  lunghezza?: number | null;
  altezza?: number | null;
  profondita?: number | null;
  lunghezzaNetta?: number | null;
  altezzaNetta?: number | null;
  profonditaNetta?: number | null;
  pesoPesa?: number | null;
  dataPesata?: string | null;
  numeroPesata?: string | null;
  pesoFuoriNorma?: boolean;
  ubicazioneId?: string;
  prezzoListino?: number | null;
  unitaPrezzo?: string;
  note?: string | null;
};
export type Output = BloccoInternoCreate | BloccoEsternoCreate;

export const GROSS = ['lunghezza', 'altezza', 'profondita'] as const;
export const NET = ['lunghezzaNetta', 'altezzaNetta', 'profonditaNetta'] as const;

/** A net measure equal to the gross one is shown empty: it follows the gross one (docs/domain.md). */
const netOf = (net: number | undefined, gross: number | undefined) =>
  net === undefined || net === gross ? null : net;

export function toBloccoFormValues(
  kind: BloccoKind,
  b: Blocco | null | undefined,
  bancata?: BancataOrigin | null,
): FormValues {
  const common: FormValues = {
    codiceTracciabilita: b?.codiceTracciabilita ?? '',
    materialeId:
      b?.materiale._id ?? bancata?.materiale._id ?? (kind === 'blocchi' ? undefined : ''),
    scelta: b?.scelta ?? 'prima',
    categoria: b?.categoria ?? 'squadrato',
    difettoso: b?.difettoso ?? false,
    difetti: b?.difetti ?? [],
    noteDifetti: b?.noteDifetti ?? '',
    lunghezza: b?.lunghezza ?? null,
    altezza: b?.altezza ?? null,
    profondita: b?.profondita ?? null,
    lunghezzaNetta: netOf(b?.lunghezzaNetta, b?.lunghezza),
    altezzaNetta: netOf(b?.altezzaNetta, b?.altezza),
    profonditaNetta: netOf(b?.profonditaNetta, b?.profondita),
    pesoPesa: b?.pesoPesa ?? null,
    dataPesata: b?.dataPesata ?? null,
    numeroPesata: b?.numeroPesata ?? '',
    ubicazioneId: b?.ubicazione?._id ?? '',
    prezzoListino: b?.prezzoListino ?? null,
    unitaPrezzo: b?.unitaPrezzo ?? 'm3',
    note: b?.note ?? '',
  };
  if (kind === 'blocchi')
    return {
      bancataId: b?.bancata?._id ?? bancata?._id ?? '',
      dataRiquadratura: b?.dataRiquadratura ?? todayIso(),
      ...common,
    };
  return {
    fornitoreId: b?.fornitore?._id ?? '',
    numeroFornitore: b?.numeroFornitore ?? '',
    dataAcquisto: b?.dataAcquisto ?? todayIso(),
    prezzoAcquisto: b?.prezzoAcquisto ?? null,
    unitaPrezzoAcquisto: b?.unitaPrezzoAcquisto ?? 'totale',
    costoTrasporto: b?.costoTrasporto ?? null,
    ...common,
  };
}

/** Volumes and weight as the server computes them, from what is typed so far (null while incomplete). */
export function liveQuantities(
  v: Pick<
    FormValues,
    'lunghezza' | 'altezza' | 'profondita' | 'lunghezzaNetta' | 'altezzaNetta' | 'profonditaNetta'
  >,
  densita: number | undefined,
) {
  const [l, h, p] = GROSS.map((k) => positive(v[k]));
  const [ln, hn, pn] = NET.map((k, i) => positive(v[k]) ?? [l, h, p][i] ?? null);
  const volumeLordo = l && h && p ? volumeM3(l, h, p) : null;
  const volumeNetto = ln && hn && pn ? volumeM3(ln, hn, pn) : null;
  // the theoretical weight is the net volume's, as the server stores it (docs/api.md "Weight")
  const pesoTeorico = volumeNetto !== null && densita ? pesoT(volumeNetto, densita) : null;
  return { volumeLordo, volumeNetto, pesoTeorico };
}
