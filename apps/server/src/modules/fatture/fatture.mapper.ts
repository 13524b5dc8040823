import type {
  Fattura,
  FatturaEsito,
  FatturaListItem,
  FatturaRiga,
  FatturaStato,
  FatturaTipo,
  NaturaIva,
} from '@gestcava/contracts';
import type { EsitoRow, FatturaRow, RigaRow } from './fatture.repository.js';

export const numeroFattura = (numero: number, anno: number) => `${numero}/${anno}`;

function testata(row: FatturaRow) {
  return {
    _id: row.id,
    tipoDocumento: row.tipoDocumento as FatturaTipo,
    stato: row.stato as FatturaStato,
    numero: row.numero,
    anno: row.anno,
    numeroDocumento:
      row.numero != null && row.anno != null ? numeroFattura(row.numero, row.anno) : null,
    data: row.data,
    nomeFile: row.stato === 'emessa' ? row.nomeFile : null,
    esito: row.esito as FatturaEsito | null,
    imponibile: row.imponibile,
    imposta: row.imposta,
    totale: row.totale,
  };
}

export function toRiga(r: RigaRow): FatturaRiga {
  return {
    numeroLinea: r.numeroLinea,
    ddtId: r.ddtId,
    ddtRigaId: r.ddtRigaId,
    entityType: r.entityType,
    entityId: r.entityId,
    codice: r.codice,
    descrizione: r.descrizione,
    quantita: r.quantita,
    unitaMisura: r.unitaMisura,
    prezzoUnitario: r.prezzoUnitario,
    scontoPercentuale: r.scontoPercentuale,
    prezzoTotale: r.prezzoTotale,
    aliquotaIva: r.aliquotaIva,
    natura: r.natura as NaturaIva | null,
  };
}

export interface FatturaParts {
  row: FatturaRow;
  righe: RigaRow[];
  esiti: EsitoRow[];
  ddt: Array<{ id: string; numero: number; anno: number; data: string }>;
  collegata: FatturaRow | undefined;
  createdBy: { _id: string; name: string } | null;
}

export function toFatturaDto(p: FatturaParts): Fattura {
  const { row } = p;
  return {
    ...testata(row),
    cliente: { _id: row.clienteId, ragioneSociale: row.cessionario.ragioneSociale },
    cessionario: row.cessionario,
    ddt: p.ddt.map((d) => ({ _id: d.id, numero: d.numero, anno: d.anno, data: d.data })),
    righe: p.righe.map(toRiga),
    riepilogo: row.riepilogo,
    bollo: row.bollo != null ? { importo: row.bollo, addebitato: row.addebitaBollo } : null,
    pagamento: row.pagamento,
    fatturaCollegata:
      p.collegata && p.collegata.numero != null
        ? {
            _id: p.collegata.id,
            numeroDocumento: numeroFattura(p.collegata.numero, p.collegata.anno!),
            data: p.collegata.data,
          }
        : null,
    causale: row.causale,
    note: row.note,
    esiti: p.esiti.map((e) => ({
      esito: e.esito as FatturaEsito,
      data: e.data,
      note: e.note,
      nomeFile: e.nomeFile,
      notifica: e.notificaNome,
      createdAt: e.createdAt.toISOString(),
    })),
    emessaAt: row.emessaAt?.toISOString() ?? null,
    createdBy: p.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toListItem({ row, ddt }: { row: FatturaRow; ddt: string }): FatturaListItem {
  return {
    ...testata(row),
    cliente: { _id: row.clienteId, ragioneSociale: row.cessionario.ragioneSociale },
    ddt,
    createdAt: row.createdAt.toISOString(),
  };
}
