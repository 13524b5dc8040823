import {
  importoMovimento,
  type Lastra,
  type Lotto,
  type Movimento,
  type Pacco,
  type PaccoDetail,
} from '@gestcava/contracts';
import type { LastraJoined } from './magazzino-lastre.repository.js';
import type { LottoJoined, MovimentoJoined } from './magazzino-lotti.repository.js';
import type { PaccoJoined } from './magazzino.repository.js';

type Provenienza = Pick<
  PaccoJoined,
  | 'blocco'
  | 'bancataId'
  | 'bancataCodice'
  | 'cavaId'
  | 'cavaNome'
  | 'lavorazioneCodice'
  | 'trasferitoDitta'
  | 'trasferitoBlocco'
>;

const ref = <K extends string>(id: string | null, name: string | null, key: K) =>
  id && name !== null ? ({ _id: id, [key]: name } as { _id: string } & Record<K, string>) : null;

/** Block, bancata, quarry and job above an item, each only when it is a row of the item's company. */
function origini(j: Provenienza, lavorazioneId: string | null) {
  return {
    // a received item without this company's copy of its block names none (the left join finds no block)
    blocco: j.blocco?.id
      ? { _id: j.blocco.id, codice: j.blocco.codice, origine: j.blocco.origine }
      : null,
    bancata: ref(j.bancataId, j.bancataCodice, 'codice'),
    cava: ref(j.cavaId, j.cavaNome, 'nome'),
    lavorazione: ref(lavorazioneId, j.lavorazioneCodice, 'codice'),
    trasferitoDa:
      j.trasferitoDitta !== null ? { ditta: j.trasferitoDitta, blocco: j.trasferitoBlocco } : null,
  };
}

/** What every stock item opens with: itself, what it comes from and its material. */
function head(
  row: { id: string; codice: string; companyId: string },
  j: Provenienza & { materiale: { id: string; nome: string } },
  lavorazioneId: string | null,
) {
  return {
    _id: row.id,
    codice: row.codice,
    companyId: row.companyId,
    ...origini(j, lavorazioneId),
    materiale: { _id: j.materiale.id, nome: j.materiale.nome },
  };
}

/** What a bundle or a lot ends with: where it is, its list price, its note, when it was made and last changed. */
function tail(
  row: {
    ubicazioneId: string | null;
    prezzoListino: number | null;
    note: string | null;
    createdAt: Date;
    updatedAt: Date;
  },
  ubicazioneNome: string | null,
) {
  return {
    ubicazione: ref(row.ubicazioneId, ubicazioneNome, 'nome'),
    prezzoListino: row.prezzoListino,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPaccoDto(j: PaccoJoined, scelte: Pacco['scelte']): Pacco {
  const p = j.pacco;
  return {
    ...head(p, j, p.lavorazioneId),
    spessoreMm: p.spessoreMm,
    finitura: p.finitura as Pacco['finitura'],
    resinatura: p.resinatura,
    scelta: p.scelta as Pacco['scelta'],
    scelte,
    nLastre: p.nLastre,
    mq: p.mq,
    // its slabs' rounded weights summed (lib/peso-lastra.ts): the same figure the totals and giacenze add
    pesoT: j.pesoT,
    lastreDisponibili: j.lastreDisponibili,
    ...tail(p, j.ubicazioneNome),
  };
}

export function toLastraDto(j: LastraJoined): Lastra {
  const l = j.lastra;
  return {
    ...head(l, j, j.pacco.lavorazioneId),
    pacco: { _id: j.pacco.id, codice: j.pacco.codice },
    progressivo: l.progressivo,
    lunghezzaMm: l.lunghezzaMm,
    altezzaMm: l.altezzaMm,
    spessoreMm: j.pacco.spessoreMm,
    finitura: j.pacco.finitura as Lastra['finitura'],
    mq: l.mq,
    scelta: l.scelta as Lastra['scelta'],
    difetti: l.difetti as Lastra['difetti'],
    ubicazione: ref(j.ubicazioneId, j.ubicazioneNome, 'nome'),
    // an expired reservation reads as free: no cliente, no expiry
    cliente:
      l.stato === j.statoEffettivo ? ref(l.clienteId, j.clienteNome, 'ragioneSociale') : null,
    scadenzaRiserva: j.statoEffettivo === 'riservata' ? l.scadenzaRiserva : null,
    stato: j.statoEffettivo as Lastra['stato'],
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
  };
}

export function toPaccoDetailDto(
  j: PaccoJoined,
  scelte: Pacco['scelte'],
  slabs: LastraJoined[],
): PaccoDetail {
  return {
    ...toPaccoDto(j, scelte),
    lastre: slabs.map((s) => {
      const {
        blocco: _b,
        bancata: _ba,
        cava: _c,
        lavorazione: _l,
        trasferitoDa: _t,
        materiale: _m,
        companyId: _co,
        ...rest
      } = toLastraDto(s);
      return rest;
    }),
  };
}

export function toLottoDto(j: LottoJoined): Lotto {
  const l = j.lotto;
  return {
    // a lot cut from slabs of several blocks names none either
    ...head(l, j as LottoJoined & Provenienza, l.lavorazioneId),
    lunghezzaMm: l.lunghezzaMm,
    larghezzaMm: l.larghezzaMm,
    spessoreMm: l.spessoreMm,
    finitura: l.finitura as Lotto['finitura'],
    bordo: l.bordo as Lotto['bordo'],
    calibrato: l.calibrato,
    scelta: l.scelta as Lotto['scelta'],
    pezzi: l.pezzi,
    mq: l.mq,
    pezziPerCassa: l.pezziPerCassa,
    casse: l.casse,
    vendutoACasse: l.vendutoACasse,
    pezziRiservati: j.pezziRiservati,
    pezziDisponibili: Math.max(0, l.pezzi - j.pezziRiservati),
    ...tail(l, j.ubicazioneNome),
  };
}

export function toMovimentoDto(j: MovimentoJoined): Movimento {
  const m = j.movimento;
  return {
    _id: m.id,
    tipo: m.tipo as Movimento['tipo'],
    pezzi: m.pezzi,
    mq: m.mq,
    casse: m.casse,
    blocco: ref(m.bloccoId, j.bloccoCodice, 'codice'),
    pacco: ref(m.paccoId, j.paccoCodice, 'codice'),
    lastra: ref(m.lastraId, j.lastraCodice, 'codice'),
    lotto: ref(m.lottoId, j.lottoCodice, 'codice'),
    causale: m.causale,
    documento: m.documento,
    cliente: ref(m.clienteId, j.clienteNome, 'ragioneSociale'),
    prezzo: m.prezzo,
    unitaPrezzo: m.unitaPrezzo as Movimento['unitaPrezzo'],
    importo: importoMovimento(m),
    utente: ref(m.userId, j.utenteNome, 'name'),
    createdAt: m.createdAt.toISOString(),
  };
}
