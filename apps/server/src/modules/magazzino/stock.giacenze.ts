import {
  pesoLastraT,
  RISERVA_IN_SCADENZA_GIORNI,
  roundTo,
  type Giacenze,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import * as stockQueries from './stock-giacenze.repository.js';

type Lists = Awaited<ReturnType<typeof stockQueries.giacenze>>;
type GiacenzaRow = Lists['righe'][number];
type InScadenzaRow = Lists['inScadenza'][number];

/** The kinds a user may read: slabs, tiles or both. */
export interface GiacenzeScope {
  lastre: boolean;
  pavimenti: boolean;
}

function rigaOf(r: GiacenzaRow): Giacenze['righe'][number] {
  return {
    tipo: r.tipo,
    materiale: { _id: r.materiale_id, nome: r.materiale_nome },
    spessoreMm: r.spessore_mm,
    finitura: r.finitura,
    scelta: r.scelta,
    ubicazione:
      r.ubicazione_id && r.ubicazione_nome
        ? { _id: r.ubicazione_id, nome: r.ubicazione_nome }
        : null,
    pezzi: r.pezzi,
    mq: roundTo(r.mq, 2),
    pesoT: pesoLastraT(r.mq, r.spessore_mm, r.densita),
    valore: roundTo(r.valore, 2),
    senzaPrezzo: r.senza_prezzo,
  };
}

function inScadenzaOf(r: InScadenzaRow): Giacenze['inScadenza'][number] {
  return {
    tipo: r.tipo,
    item: { _id: r.id, codice: r.codice },
    cliente: { _id: r.cliente_id, ragioneSociale: r.ragione_sociale },
    pezzi: r.pezzi,
    scadenza: String(r.scadenza).slice(0, 10),
  };
}

/** Stock on hand and reservations running out, of the kinds the user may read. */
export async function giacenze(
  db: DbOrTx,
  companyId: string,
  scope: GiacenzeScope,
): Promise<Giacenze> {
  const { righe, inScadenza } = await stockQueries.giacenze(
    db,
    companyId,
    RISERVA_IN_SCADENZA_GIORNI,
  );
  const readable = (r: { tipo: string }) =>
    r.tipo === 'lastre' || r.tipo === 'lastra' ? scope.lastre : scope.pavimenti;
  return {
    righe: righe.filter(readable).map(rigaOf),
    inScadenza: inScadenza.filter(readable).map(inScadenzaOf),
  };
}
