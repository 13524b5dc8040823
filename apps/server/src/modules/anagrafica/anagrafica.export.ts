import {
  ANAGRAFICA_KIND_LABELS,
  ANAGRAFICA_LABELS,
  type Anagrafica,
  type AnagraficaFilter,
} from '@gestcava/contracts';
import { oneBatch, streamExport, type ExportColumn, type ExportStream } from '../../lib/export.js';
import type { AnagraficaCore } from './anagrafica.core.js';
import { ANAGRAFICA_FIELDS, toAnagraficaDto } from './anagrafica.mapper.js';
import * as repo from './anagrafica.repository.js';

/** A field as a cell: yes/no, a declaration of intent or a payment term as words, else as it is. */
function cellOf(v: Anagrafica[(typeof ANAGRAFICA_FIELDS)[number]]) {
  if (typeof v === 'boolean') return v ? 'Sì' : 'No';
  if (v && typeof v === 'object')
    return 'protocollo' in v
      ? `${v.protocollo} del ${v.data}`
      : `${v.modalita} ${v.giorni} gg${v.fineMese ? ' f.m.' : ''}`;
  return v;
}

const COLUMNS: ExportColumn<Anagrafica>[] = [
  ...ANAGRAFICA_FIELDS.map((field) => ({
    header: ANAGRAFICA_LABELS[field],
    value: (r: Anagrafica) => cellOf(r[field]),
    width: field === 'ragioneSociale' || field === 'note' ? 36 : 18,
  })),
  {
    header: 'Creato il',
    value: (r) => new Date(r.createdAt),
    width: 14,
    numFmt: 'dd/mm/yyyy',
  },
];

export function createAnagraficaExport({ db, table, kind }: AnagraficaCore) {
  return {
    export(
      companyId: string,
      filter: AnagraficaFilter,
      format: 'csv' | 'xlsx',
    ): Promise<ExportStream> {
      const rows = repo.listAll(db, table, companyId, filter).then((r) => r.map(toAnagraficaDto));
      return streamExport({
        format,
        columns: COLUMNS,
        batches: oneBatch(rows),
        sheet: ANAGRAFICA_KIND_LABELS[kind].plurale,
        baseName: kind,
      });
    },
  };
}
