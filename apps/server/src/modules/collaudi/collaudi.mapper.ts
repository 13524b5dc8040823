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
  type UnitaPrezzoCollaudo,
} from '@gestcava/contracts';
import type { CollaudoJoined, RigaJoined, RigaRow } from './collaudi.repository.js';

type Riga = CollaudoRiga;
type Blocco = Riga['blocco'];

/** The header fields a history row records. */
export const COLLAUDO_FIELDS = ['data', 'luogo', 'clienteId', 'ispettore', 'riferimentoOrdine', 'note'] as const;
/** The row fields a history row records (on the collaudo's history). */
export const RIGA_FIELDS = COLLAUDO_RIGA_FIELDS;

/** The figures of a row from its stored inputs and its block (contracts' calcolaRiga). */
export function figuresOf(riga: RigaRow, blocco: Pick<RigaJoined['blocco'], 'lunghezzaNetta' | 'altezzaNetta' | 'profonditaNetta' | 'densita'>) {
  return calcolaRiga({
    dichiarate: { lunghezza: blocco.lunghezzaNetta, altezza: blocco.altezzaNetta, profondita: blocco.profonditaNetta },
    lunghezzaRilevata: riga.lunghezzaRilevata,
    altezzaRilevata: riga.altezzaRilevata,
    profonditaRilevata: riga.profonditaRilevata,
    abbuonoTipo: riga.abbuonoTipo as AbbuonoTipo | null,
    abbuonoValore: riga.abbuonoValore,
    densita: blocco.densita,
    pesoRilevato: riga.pesoRilevato,
    prezzo: riga.prezzo,
    unitaPrezzo: riga.unitaPrezzo as UnitaPrezzoCollaudo,
  });
}

export function toRigaDto({ riga, blocco }: RigaJoined): Riga {
  const f = figuresOf(riga, blocco);
  return {
    _id: riga.id,
    bloccoId: blocco.id,
    blocco: {
      _id: blocco.id,
      codice: blocco.codice,
      origine: blocco.origine,
      stato: blocco.stato as Blocco['stato'],
      materiale: { _id: blocco.materialeId, nome: blocco.materialeNome },
      densita: blocco.densita,
      scelta: blocco.scelta as Blocco['scelta'],
      lunghezza: blocco.lunghezzaNetta,
      altezza: blocco.altezzaNetta,
      profondita: blocco.profonditaNetta,
      volume: blocco.volumeNetto,
      pesoTeorico: blocco.pesoTeorico,
      difettiDichiarati: blocco.difetti as Blocco['difettiDichiarati'],
      noteDifetti: blocco.noteDifetti,
      prezzoListino: blocco.prezzoListino,
      unitaPrezzoListino: blocco.unitaPrezzo,
    },
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
    volumeNettoAccettato: f.volumeNettoAccettato,
    peso: f.peso,
    importo: f.importo,
  };
}

export function toCollaudoDto({ collaudo: c, cliente }: CollaudoJoined, righe: RigaJoined[]): Collaudo {
  const rows = righe.map(toRigaDto);
  return {
    _id: c.id,
    codice: c.codice,
    companyId: c.companyId,
    data: c.data,
    luogo: c.luogo,
    cliente: { _id: cliente.id, ragioneSociale: cliente.ragioneSociale },
    ispettore: c.ispettore,
    riferimentoOrdine: c.riferimentoOrdine,
    note: c.note,
    stato: c.stato as CollaudoStato,
    righe: rows,
    totali: totaliCollaudo(rows),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function toListItem(j: CollaudoJoined, righe: RigaJoined[]): CollaudoListItem {
  const dto = toCollaudoDto(j, righe);
  return {
    _id: dto._id,
    codice: dto.codice,
    data: dto.data,
    luogo: dto.luogo,
    cliente: dto.cliente,
    ispettore: dto.ispettore,
    stato: dto.stato,
    blocchi: dto.righe.length,
    blocchiAccettati: dto.totali.blocchiAccettati,
    volumeNetto: dto.totali.volumeNetto,
    importo: dto.totali.importo,
    createdAt: dto.createdAt,
  };
}
