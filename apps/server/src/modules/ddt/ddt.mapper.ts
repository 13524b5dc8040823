import {
  calcolaRiga,
  colliOf,
  figurePavimento,
  FINITURA_LABELS,
  numeroDdt,
  pesiBlocco,
  pesoKgSuperficie,
  SCELTA_LABELS,
  sumRounded,
  type Ddt,
  type DdtDaSpedire,
  type DdtCausale,
  type DdtElemento,
  type DdtListItem,
  type DdtPesoBase,
  type AbbuonoTipo,
  type DdtStato,
  type Finitura,
  type Porto,
  type TrasportoACura,
} from '@gestcava/contracts';
import type { BloccoVendutoRow } from '../blocchi/blocchi.reads.js';
import type { RigaAccettata } from '../collaudi/collaudi.reads.js';
import type { LastraVenduta, VenditaLotto } from '../magazzino/stock.reads.js';
import type { DdtRow, ListRow, NewRiga, RigaRow } from './ddt.repository.js';

/** A sold block with the row of the collaudo that accepted it, if any. */
export type BloccoVenduto = BloccoVendutoRow & { collaudo: RigaAccettata | null };

// Rows → the API's shapes, and the figures of each line (docs/domain.md: weight by the one rule, in whole
// kg per line; colli one per block, bundle or loose slab, the boxes for tiles).

const INT = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });
const scelta = (s: string) => SCELTA_LABELS[s as keyof typeof SCELTA_LABELS] ?? s;
const finitura = (f: string) => (FINITURA_LABELS[f as Finitura] ?? f).toLowerCase();

/** The block as its confirmed collaudo accepted it: measures after the abbuono, the stored m³. */
function misureAccettate(b: BloccoVenduto, c: NonNullable<BloccoVenduto['collaudo']>) {
  return {
    ...calcolaRiga({
      dichiarate: { lunghezza: b.lunghezza, altezza: b.altezza, profondita: b.profondita },
      lunghezzaRilevata: c.lunghezzaRilevata,
      altezzaRilevata: c.altezzaRilevata,
      profonditaRilevata: c.profonditaRilevata,
      abbuonoTipo: c.abbuonoTipo as AbbuonoTipo | null,
      abbuonoValore: c.abbuonoValore,
      densita: b.densita,
      pesoPesa: b.pesoPesa,
      pesoRilevato: c.pesoRilevato,
      prezzo: null,
      unitaPrezzo: 'm3',
    }),
    // the confirmed collaudo's stored m³, never recomputed
    volumeNettoAccettato: c.volumeNettoAccettato,
  };
}

/**
 * A sold block: the measures and m³ accepted at its collaudo (what the buyer pays for), else its net
 * ones; its weights by docs/ddt.md "Quantità e pesi di una riga".
 */
export function elementoBlocco(b: BloccoVenduto): DdtElemento {
  const c = b.collaudo;
  const accettato = c ? misureAccettate(b, c) : null;
  const m3 = accettato?.volumeNettoAccettato ?? b.volumeNetto;
  const peso = pesiBlocco({
    pesoRilevato: c?.pesoRilevato ?? null,
    pesoPesa: b.pesoPesa,
    volumeLordoM3: b.volumeLordo,
    volumeVendutoM3: m3,
    densita: b.densita,
  });
  const [l, h, p] = accettato
    ? [accettato.lunghezzaNetta, accettato.altezzaNetta, accettato.profonditaNetta]
    : [b.lunghezza, b.altezza, b.profondita];
  return {
    entityType: 'blocco',
    _id: b.id,
    codice: b.codice,
    descrizione: `Blocco di ${b.materiale}`,
    materiale: b.materiale,
    scelta: scelta(b.scelta),
    misure: `${l} × ${h} × ${p} cm`,
    pezzi: 1,
    casse: null,
    mq: null,
    m3,
    pesoKg: peso.kg,
    pesoBase: peso.base,
    pesoNettoKg: peso.nettoKg,
    colli: colliOf('blocco', null),
    lottoId: null,
  };
}

function superficie(
  entityType: 'pacco' | 'lastra',
  id: string,
  codice: string,
  slabs: LastraVenduta[],
): DdtElemento {
  const first = slabs[0]!;
  const mq = sumRounded(
    slabs.map((l) => l.mq),
    2,
  );
  const kg = slabs.reduce((a, l) => a + pesoKgSuperficie(l.mq, l.spessoreMm, l.densita), 0);
  const what =
    entityType === 'pacco'
      ? `Pacco di ${slabs.length} ${slabs.length === 1 ? 'lastra' : 'lastre'}`
      : 'Lastra';
  return {
    entityType,
    _id: id,
    codice,
    descrizione: `${what} di ${first.materiale}, ${finitura(first.finitura)}`,
    materiale: first.materiale,
    scelta: scelta(first.scelta),
    misure:
      entityType === 'lastra'
        ? `${first.lunghezzaMm} × ${first.altezzaMm} × ${first.spessoreMm} mm`
        : `spessore ${first.spessoreMm} mm`,
    pezzi: slabs.length,
    casse: null,
    mq,
    m3: null,
    // the sum of the slabs' own weights, so the packing list's slab rows add up to the line
    pesoKg: kg,
    pesoBase: 'calcolato',
    pesoNettoKg: kg,
    colli: colliOf(entityType, null),
    lottoId: null,
  };
}

/** A bundle sold whole: its slabs (all sold to the cliente). */
export const elementoPacco = (slabs: LastraVenduta[]) =>
  superficie('pacco', slabs[0]!.paccoId, slabs[0]!.paccoCodice, slabs);
export const elementoLastra = (l: LastraVenduta) => superficie('lastra', l.id, l.codice, [l]);

/** A tile sale: `pezzi` of it (default: all it has not shipped). */
export function elementoLotto(v: VenditaLotto, pezzi = v.venduti - v.spediti): DdtElemento {
  const { mq, casse, pesoKg, colli } = figurePavimento(formatoOf(v), pezzi);
  return {
    entityType: 'lotto',
    _id: v.id,
    codice: v.codice,
    descrizione: `Pavimento di ${v.materiale}, ${finitura(v.finitura)}, ${INT.format(pezzi)} pezzi`,
    materiale: v.materiale,
    scelta: scelta(v.scelta),
    misure: `${v.lunghezzaMm} × ${v.larghezzaMm} × ${v.spessoreMm} mm`,
    pezzi,
    casse,
    mq,
    m3: null,
    pesoKg,
    pesoBase: 'calcolato',
    // tiles travel in their boxes, whose own weight is not kept: gross and net are the tiles'
    pesoNettoKg: pesoKg,
    colli,
    lottoId: v.lottoId,
  };
}

const formatoOf = (v: VenditaLotto) => ({
  lunghezzaMm: v.lunghezzaMm,
  larghezzaMm: v.larghezzaMm,
  spessoreMm: v.spessoreMm,
  densita: v.densita,
  pezziPerCassa: v.pezziPerCassa,
});

/** A tile sale as `da-spedire` lists it: all it has not shipped, and its format for a part of it. */
export const daSpedireLotto = (v: VenditaLotto): DdtDaSpedire['lotti'][number] => ({
  ...elementoLotto(v),
  formato: formatoOf(v),
});

/** The stored line of an element. */
export function toNewRiga(e: DdtElemento): NewRiga {
  return {
    entityType: e.entityType,
    entityId: e._id,
    lottoId: e.lottoId,
    codice: e.codice,
    descrizione: e.descrizione,
    materiale: e.materiale,
    scelta: e.scelta,
    misure: e.misure,
    pezzi: e.pezzi,
    casse: e.casse,
    mq: e.mq,
    m3: e.m3,
    pesoKg: e.pesoKg,
    pesoBase: e.pesoBase,
    pesoNettoKg: e.pesoNettoKg,
    colli: e.colli,
  };
}

/** The fields the detail and the list share. */
function testata(d: DdtRow) {
  return {
    _id: d.id,
    numero: d.numero,
    anno: d.anno,
    numeroDocumento: d.numero != null && d.anno != null ? numeroDdt(d.numero, d.anno) : null,
    data: d.data,
    stato: d.stato as DdtStato,
    causale: d.causale as DdtCausale,
  };
}

/** The header's places of destination and departure (none when the draft named no departure). */
function luoghiOf(d: DdtRow) {
  return {
    destinazione: {
      indirizzo: d.destinazioneIndirizzo,
      cap: d.destinazioneCap,
      comune: d.destinazioneComune,
      provincia: d.destinazioneProvincia,
      nazione: d.destinazioneNazione,
    },
    luogoPartenza:
      d.luogoPartenzaIndirizzo && d.luogoPartenzaComune
        ? {
            indirizzo: d.luogoPartenzaIndirizzo,
            cap: d.luogoPartenzaCap,
            comune: d.luogoPartenzaComune,
            provincia: d.luogoPartenzaProvincia,
            nazione: d.luogoPartenzaNazione,
          }
        : null,
  };
}

const vettoreOf = (d: DdtRow) =>
  d.vettoreRagioneSociale
    ? {
        ragioneSociale: d.vettoreRagioneSociale,
        partitaIva: d.vettorePartitaIva,
        indirizzo: d.vettoreIndirizzo,
        targa: d.vettoreTarga,
      }
    : null;

/** A stored line as the detail shows it. */
const rigaOf = (r: RigaRow): Ddt['righe'][number] => ({
  rigaId: r.id,
  entityType: r.entityType,
  _id: r.entityId,
  codice: r.codice,
  descrizione: r.descrizione,
  materiale: r.materiale,
  scelta: r.scelta,
  misure: r.misure,
  pezzi: r.pezzi,
  casse: r.casse,
  mq: r.mq,
  m3: r.m3,
  pesoKg: r.pesoKg,
  pesoBase: r.pesoBase as DdtPesoBase,
  pesoNettoKg: r.pesoNettoKg,
  colli: r.colli,
  lottoId: r.lottoId,
});

export function toDdtDto(
  row: { ddt: DdtRow; cliente: string; utente: string | null },
  righe: RigaRow[],
  destinazioneCompany: { _id: string; name: string } | null,
  avvisi: string[] = [],
): Ddt {
  const d = row.ddt;
  return {
    ...testata(d),
    cliente: { _id: d.clienteId, ragioneSociale: row.cliente },
    destinazioneCompany,
    destinatario: d.destinatario,
    ...luoghiOf(d),
    trasportoACura: d.trasportoACura as TrasportoACura,
    vettore: vettoreOf(d),
    porto: d.porto as Porto,
    aspetto: d.aspetto,
    inizioTrasporto: d.inizioTrasporto?.toISOString() ?? null,
    note: d.note,
    righe: righe.map(rigaOf),
    colli: d.colli,
    pesoKg: d.pesoKg,
    pesoNettoKg: righe.reduce((a, r) => a + r.pesoNettoKg, 0),
    mq: d.mq,
    m3: d.m3,
    annullatoMotivo: d.annullatoMotivo,
    annullatoAt: d.annullatoAt?.toISOString() ?? null,
    emessoAt: d.emessoAt?.toISOString() ?? null,
    createdBy: d.createdBy && row.utente ? { _id: d.createdBy, name: row.utente } : null,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    avvisi,
  };
}

export function toListItem({ ddt: d, righe }: ListRow): DdtListItem {
  return {
    ...testata(d),
    destinatario: d.destinatario.ragioneSociale,
    righe,
    colli: d.colli,
    pesoKg: d.pesoKg,
    vettore: d.vettoreRagioneSociale,
    targa: d.vettoreTarga,
    createdAt: d.createdAt.toISOString(),
  };
}
