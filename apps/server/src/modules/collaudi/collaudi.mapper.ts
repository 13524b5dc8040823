import {
  calcolaRiga,
  COLLAUDO_RIGA_FIELDS,
  totaliCollaudo,
  type AbbuonoTipo,
  type Collaudo,
  type CollaudoListItem,
  type CollaudoRiga,
  type CollaudoStato,
  type Esito,
  type PesoBase,
  type UnitaPrezzoCollaudo,
} from '@gestcava/contracts';
import type { CollaudoListRow, RigaFigure, RigaFigureInputs } from './collaudi.list.js';
import type { CollaudoJoined, RigaJoined } from './collaudi.repository.js';

type Riga = CollaudoRiga;
type Blocco = Riga['blocco'];

/** The header fields a history row records. */
export const COLLAUDO_FIELDS = [
  'data',
  'luogo',
  'clienteId',
  'ispettore',
  'ispettoreSocieta',
  'resa',
  'carico',
  'pagamento',
  'riferimentoOrdine',
  'note',
] as const;
/** The row fields a history row records (on the collaudo's history). */
export const RIGA_FIELDS = COLLAUDO_RIGA_FIELDS;

/** The figures of a row from its stored inputs and its block (contracts' calcolaRiga), as the rules are today. */
export function figuresOf(riga: RigaFigureInputs, blocco: RigaFigure['blocco']) {
  return calcolaRiga({
    dichiarate: {
      lunghezza: blocco.lunghezzaNetta,
      altezza: blocco.altezzaNetta,
      profondita: blocco.profonditaNetta,
    },
    lunghezzaRilevata: riga.lunghezzaRilevata,
    altezzaRilevata: riga.altezzaRilevata,
    profonditaRilevata: riga.profonditaRilevata,
    abbuonoTipo: riga.abbuonoTipo as AbbuonoTipo | null,
    abbuonoValore: riga.abbuonoValore,
    densita: blocco.densita,
    pesoPesa: blocco.pesoPesa,
    pesoRilevato: riga.pesoRilevato,
    prezzo: riga.prezzo,
    unitaPrezzo: riga.unitaPrezzo as UnitaPrezzoCollaudo,
  });
}

/**
 * The figures a row shows: an open collaudo's are recomputed with today's rules and the block as it is;
 * a confirmed one's are those stored when it was confirmed (what was sold and invoiced), so a later
 * change of a rule or of the block never rewrites a price after the fact.
 */
export function figuresShown(
  stato: CollaudoStato,
  riga: RigaFigureInputs,
  blocco: RigaFigure['blocco'],
) {
  if (stato !== 'confermato') return figuresOf(riga, blocco);
  return {
    volumeNettoAccettato: riga.volumeNettoAccettato,
    peso: riga.peso,
    pesoBase: riga.pesoBase as PesoBase,
    importo: riga.importo,
  };
}

/** The row's block as the collaudo shows it: its declared measures, defects and list price. */
function bloccoDto(blocco: RigaJoined['blocco']): Riga['blocco'] {
  return {
    _id: blocco.id,
    codice: blocco.codice,
    origine: blocco.origine,
    stato: blocco.stato as Blocco['stato'],
    materiale: { _id: blocco.materialeId, nome: blocco.materialeNome },
    cava: blocco.cavaId
      ? { _id: blocco.cavaId, codice: blocco.cavaCodice ?? '', nome: blocco.cavaNome ?? '' }
      : null,
    codiceTracciabilita: blocco.codiceTracciabilita,
    densita: blocco.densita,
    scelta: blocco.scelta as Blocco['scelta'],
    lunghezza: blocco.lunghezzaNetta,
    altezza: blocco.altezzaNetta,
    profondita: blocco.profonditaNetta,
    volume: blocco.volumeNetto,
    pesoTeorico: blocco.pesoTeorico,
    pesoPesa: blocco.pesoPesa,
    difettiDichiarati: blocco.difetti as Blocco['difettiDichiarati'],
    noteDifetti: blocco.noteDifetti,
    prezzoListino: blocco.prezzoListino,
    unitaPrezzoListino: blocco.unitaPrezzo,
  };
}

export function toRigaDto({ riga, blocco }: RigaJoined, stato: CollaudoStato): Riga {
  const f = figuresShown(stato, riga, blocco);
  // the inputs are frozen at confirmation, so the measures recomputed from them are those that were sold
  const { lunghezzaNetta, altezzaNetta, profonditaNetta } = figuresOf(riga, blocco);
  return {
    _id: riga.id,
    bloccoId: blocco.id,
    blocco: bloccoDto(blocco),
    statoPrecedente: riga.statoPrecedente as Riga['statoPrecedente'],
    lunghezzaRilevata: riga.lunghezzaRilevata,
    altezzaRilevata: riga.altezzaRilevata,
    profonditaRilevata: riga.profonditaRilevata,
    abbuonoTipo: riga.abbuonoTipo as AbbuonoTipo | null,
    abbuonoValore: riga.abbuonoValore,
    sceltaAssegnata: riga.sceltaAssegnata as Riga['sceltaAssegnata'],
    difettiRiscontrati: riga.difettiRiscontrati as Riga['difettiRiscontrati'],
    esito: riga.esito as Esito | null,
    prezzo: riga.prezzo,
    unitaPrezzo: riga.unitaPrezzo as UnitaPrezzoCollaudo,
    pesoRilevato: riga.pesoRilevato,
    note: riga.note,
    lunghezzaNetta,
    altezzaNetta,
    profonditaNetta,
    volumeNettoAccettato: f.volumeNettoAccettato,
    peso: f.peso,
    pesoBase: f.pesoBase,
    importo: f.importo,
    updatedAt: riga.updatedAt.toISOString(),
  };
}

export function toCollaudoDto(
  { collaudo: c, cliente }: CollaudoJoined,
  righe: RigaJoined[],
): Collaudo {
  const rows = righe.map((r) => toRigaDto(r, c.stato as CollaudoStato));
  return {
    _id: c.id,
    codice: c.codice,
    companyId: c.companyId,
    data: c.data,
    luogo: c.luogo,
    cliente: { _id: cliente.id, ragioneSociale: cliente.ragioneSociale },
    ispettore: c.ispettore,
    ispettoreSocieta: c.ispettoreSocieta,
    resa: c.resa,
    carico: c.carico,
    pagamento: c.pagamento,
    riferimentoOrdine: c.riferimentoOrdine,
    note: c.note,
    stato: c.stato as CollaudoStato,
    righe: rows,
    totali: totaliCollaudo(rows),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** A collaudo's list row as the cliente's page reads it (the whole collaudo and its rows' cards). */
export function listRowOf(
  { collaudo: c, cliente }: CollaudoJoined,
  righe: RigaJoined[],
): CollaudoListRow {
  return {
    id: c.id,
    codice: c.codice,
    data: c.data,
    luogo: c.luogo,
    ispettore: c.ispettore,
    stato: c.stato as CollaudoStato,
    createdAt: c.createdAt.toISOString(),
    cliente,
    righe,
  };
}

/** The list's row: the totals are the detail's (`totaliCollaudo` of the figures each row shows). */
export function toListItem(c: CollaudoListRow): CollaudoListItem {
  const totali = totaliCollaudo(
    c.righe.map(({ riga, blocco }) => ({
      esito: riga.esito as Esito | null,
      ...figuresShown(c.stato, riga, blocco),
    })),
  );
  return {
    _id: c.id,
    codice: c.codice,
    data: c.data,
    luogo: c.luogo,
    cliente: { _id: c.cliente.id, ragioneSociale: c.cliente.ragioneSociale },
    ispettore: c.ispettore,
    stato: c.stato,
    blocchi: c.righe.length,
    blocchiAccettati: totali.blocchiAccettati,
    volumeNetto: totali.volumeNetto,
    importo: totali.importo,
    createdAt: c.createdAt,
  };
}
