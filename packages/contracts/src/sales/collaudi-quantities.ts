import { pesoBlocco, type PesoBase } from '../production/peso-blocco.js';
import { roundTo, sumRounded, volumeM3 } from '../production/quantities.js';

/**
 * The figures of a collaudo (docs/domain.md "Collaudo"), shared by the server, the verbale and the tablet
 * screen so the live preview is what the server will store. Each row is rounded on its own; totals are
 * sums of rounded rows.
 */

export const ABBUONO_TIPI = [
  'cm_per_lato',
  'cm_lunghezza',
  'cm_altezza',
  'cm_profondita',
  'm3',
  'percentuale',
  'prezzo',
] as const;
export type AbbuonoTipo = (typeof ABBUONO_TIPI)[number];
export const ABBUONO_LABELS: Record<AbbuonoTipo, string> = {
  cm_per_lato: 'cm per lato',
  cm_lunghezza: 'cm sulla lunghezza',
  cm_altezza: 'cm sull’altezza',
  cm_profondita: 'cm sulla profondità',
  m3: 'm³ in meno',
  percentuale: '% sull’importo',
  prezzo: '€ in meno sul prezzo unitario',
};

export const ESITI = ['accettato', 'accettato_con_riserva', 'rifiutato'] as const;
export type Esito = (typeof ESITI)[number];
export const ESITO_LABELS: Record<Esito, string> = {
  accettato: 'Accettato',
  accettato_con_riserva: 'Accettato con riserva',
  rifiutato: 'Rifiutato',
};
/** The abbuoni typed in whole cm: per side on every dimension, or once off one dimension (e.g. 3 cm off a chipped top). */
export const ABBUONO_CM: readonly AbbuonoTipo[] = [
  'cm_per_lato',
  'cm_lunghezza',
  'cm_altezza',
  'cm_profondita',
];

/** A row sold at confirmation: accepted, with or without a reserve. */
export function isAccettato(esito: Esito | null | undefined): boolean {
  return esito === 'accettato' || esito === 'accettato_con_riserva';
}

export const UNITA_PREZZO_COLLAUDO = ['m3', 't'] as const;
export type UnitaPrezzoCollaudo = (typeof UNITA_PREZZO_COLLAUDO)[number];
export const UNITA_PREZZO_COLLAUDO_LABELS: Record<UnitaPrezzoCollaudo, string> = {
  m3: '€/m³',
  t: '€/t',
};

export interface RigaCalcInput {
  /** The block's declared net measures, cm: used where nothing was measured. */
  dichiarate: { lunghezza: number; altezza: number; profondita: number };
  lunghezzaRilevata: number | null;
  altezzaRilevata: number | null;
  profonditaRilevata: number | null;
  abbuonoTipo: AbbuonoTipo | null;
  abbuonoValore: number | null;
  /** t/m³ of the block's material. */
  densita: number;
  /** t read at the weighbridge when the block was registered (the block's `pesoPesa`). */
  pesoPesa: number | null;
  /** t read at the weighbridge during the collaudo: it wins over `pesoPesa`. */
  pesoRilevato: number | null;
  prezzo: number | null;
  unitaPrezzo: UnitaPrezzoCollaudo;
}

export interface RigaCalc {
  /** The measures the volume is computed on, after a `cm_per_lato` or one-dimension abbuono, cm. */
  lunghezzaNetta: number;
  altezzaNetta: number;
  profonditaNetta: number;
  /** m³, 3 decimals. */
  volumeNettoAccettato: number;
  /** t, 2 decimals: the weighbridge's (`pesoRilevato`, else `pesoPesa`), else the accepted volume times the density. */
  peso: number;
  /** Which of the two `peso` is: what a per-tonne price is charged on, said on the row and the verbale. */
  pesoBase: PesoBase;
  /** Cents; null until a price is entered. */
  importo: number | null;
}

export function calcolaRiga(r: RigaCalcInput): RigaCalc {
  const abbuono =
    r.abbuonoTipo && r.abbuonoValore != null && r.abbuonoValore > 0
      ? { tipo: r.abbuonoTipo, valore: r.abbuonoValore }
      : null;
  const perLato = abbuono?.tipo === 'cm_per_lato' ? abbuono.valore : 0;
  // cm off this dimension: twice the per-side value, or the whole value when the abbuono names it
  const meno = (tipo: AbbuonoTipo) => 2 * perLato + (abbuono?.tipo === tipo ? abbuono.valore : 0);
  const netta = (rilevata: number | null, dichiarata: number, tipo: AbbuonoTipo) =>
    Math.max(0, (rilevata ?? dichiarata) - meno(tipo));
  const lunghezzaNetta = netta(r.lunghezzaRilevata, r.dichiarate.lunghezza, 'cm_lunghezza');
  const altezzaNetta = netta(r.altezzaRilevata, r.dichiarate.altezza, 'cm_altezza');
  const profonditaNetta = netta(r.profonditaRilevata, r.dichiarate.profondita, 'cm_profondita');
  let volumeNettoAccettato = volumeM3(lunghezzaNetta, altezzaNetta, profonditaNetta);
  if (abbuono?.tipo === 'm3')
    volumeNettoAccettato = Math.max(0, roundTo(volumeNettoAccettato - abbuono.valore, 3));
  const { t: peso, base: pesoBase } = pesoBlocco({
    pesoRilevato: r.pesoRilevato,
    pesoPesa: r.pesoPesa,
    volumeNettoM3: volumeNettoAccettato,
    densita: r.densita,
  });
  let importo: number | null = null;
  if (r.prezzo != null) {
    const prezzo = abbuono?.tipo === 'prezzo' ? Math.max(0, r.prezzo - abbuono.valore) : r.prezzo;
    const quantita = r.unitaPrezzo === 'm3' ? volumeNettoAccettato : peso;
    const sconto = abbuono?.tipo === 'percentuale' ? Math.max(0, 1 - abbuono.valore / 100) : 1;
    // cents, half up on the decimal product (contracts' roundTo reads the float product as its decimal)
    importo = roundTo(quantita * prezzo * sconto * 100, 0);
  }
  return {
    lunghezzaNetta,
    altezzaNetta,
    profonditaNetta,
    volumeNettoAccettato,
    peso,
    pesoBase,
    importo,
  };
}

export interface CollaudoTotali {
  /** Rows accepted (with or without a reserve). */
  blocchiAccettati: number;
  /** m³ of the accepted rows. */
  volumeNetto: number;
  /** t of the accepted rows. */
  peso: number;
  /** Cents of the accepted rows. */
  importo: number;
}

/** Totals of a collaudo: the accepted rows only, each already rounded. */
export function totaliCollaudo(
  righe: ReadonlyArray<{
    esito: Esito | null;
    volumeNettoAccettato: number;
    peso: number;
    importo: number | null;
  }>,
): CollaudoTotali {
  const accettate = righe.filter((r) => isAccettato(r.esito));
  return {
    blocchiAccettati: accettate.length,
    volumeNetto: sumRounded(
      accettate.map((r) => r.volumeNettoAccettato),
      3,
    ),
    peso: sumRounded(
      accettate.map((r) => r.peso),
      2,
    ),
    importo: accettate.reduce((a, r) => a + (r.importo ?? 0), 0),
  };
}
