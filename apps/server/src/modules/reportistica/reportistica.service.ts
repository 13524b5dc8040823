import {
  BLOCCO_STATO_LABELS,
  REPORTS,
  roundTo,
  type BloccoStato,
  type ReportName,
  type ReportQuery,
} from '@gestcava/contracts';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { findCompanyRow } from '../../lib/companies.js';
import { italianDate, todayInRome } from '../../lib/dates.js';
import type { RenderPool } from '../../lib/render-pool.js';
import type { Storage } from '../../lib/storage.js';
import * as repo from './reportistica.repository.js';
import type { Cell, ReportColumnSpec, ReportInput } from './reportistica.render.js';
import {
  CODICE,
  ESTRAZIONE_NOTES,
  estrazioneColumns,
  MISURE,
  pezziPerTipo,
  registroColumns,
  type ReportColumn,
  scelta,
  SCELTE,
  TIPI,
} from './reportistica.columns.js';

export type { ReportColumn } from './reportistica.columns.js';

type Meta = Pick<ReportInput, 'title' | 'sheet' | 'periodo' | 'company' | 'formato'>;

/**
 * The long lists are read a page at a time, so a report of 100 000 rows never sits in memory. On the
 * embedded database a page holds the event loop while it runs (`/api/health` waits behind it): 200
 * rows read in order from an index take ~6 ms on an idle machine, 500 took ~15 ms and 2000 rows
 * sorted from the whole company ~1 s (docs/performance.md "Reports page by the index").
 */
export const REPORT_PAGE = 200;

/** The worker that draws the file (lib/render-pool.ts); this module reads the rows and computes the cells. */
const RENDERER = new URL('./reportistica.render.ts', import.meta.url);

/** A report ready to write: the rows' type stays inside, the caller picks the format. */
type Report = (
  db: Db,
  companyId: string,
  p: repo.Periodo,
  meta: Meta,
  write: Write,
  names: repo.LookupNames,
) => Promise<Readable>;
type Write = (input: ReportInput, rows: AsyncIterable<Cell[][]>) => Readable;

/** The rows' cells, batch by batch: plain data a worker can receive. */
async function* cellsOf<T>(columns: ReportColumn<T>[], rows: AsyncIterable<T[]>) {
  for await (const batch of rows) yield batch.map((row) => columns.map((c) => c.value(row)));
}

const specs = <T>(columns: ReportColumn<T>[], names: repo.LookupNames): ReportColumnSpec[] =>
  columns.map(({ header, pdfHeader, kind, width, total, pdf, samples, lookup }) => ({
    header,
    pdfHeader,
    kind,
    width,
    total,
    pdf,
    samples: [...(samples ?? []), ...(lookup ? names[lookup] : [])],
  }));

/** A grouped report: one statement, small by nature (groups, not items). */
function grouped<T>(
  columns: ReportColumn<T>[],
  load: (db: Db, companyId: string, p: repo.Periodo) => Promise<T[]>,
  options: {
    notes?: string[];
    subtotals?: (rows: T[]) => NonNullable<ReportInput['subtotals']>;
  } = {},
): Report {
  return async (db, companyId, p, meta, write, names) => {
    const rows = await load(db, companyId, p);
    return write(
      {
        ...meta,
        columns: specs(columns, names),
        count: rows.length,
        notes: options.notes,
        subtotals: options.subtotals?.(rows),
      },
      cellsOf(
        columns,
        (async function* () {
          yield rows;
        })(),
      ),
    );
  };
}

/**
 * A long list: counted, then read a page at a time while the file is written. Each page starts after
 * the previous page's last row (`cursorOf`), never at an offset: an offset makes the database read
 * and drop every row before it, so the last pages of a long list cost as much as the whole list.
 */
function paged<T, C>(
  columns: ReportColumn<T>[],
  count: (
    db: Db,
    companyId: string,
    p: repo.Periodo,
  ) => Promise<number | { rows: number; groups: number }>,
  page: (
    db: Db,
    companyId: string,
    p: repo.Periodo,
    pg: { limit: number; after: C | null },
  ) => Promise<T[]>,
  cursorOf: (row: T) => C,
  /** Subtotals by these columns; the count then says how many groups there are. */
  subtotals?: Omit<NonNullable<ReportInput['subtotals']>, 'groups'>,
): Report {
  return async (db, companyId, p, meta, write, names) => {
    const rows = (async function* () {
      let after: C | null = null;
      for (;;) {
        const batch = await page(db, companyId, p, { limit: REPORT_PAGE, after });
        if (batch.length) yield batch;
        if (batch.length < REPORT_PAGE) return;
        after = cursorOf(batch.at(-1)!);
      }
    })();
    const counted = await count(db, companyId, p);
    const { rows: n, groups } =
      typeof counted === 'number' ? { rows: counted, groups: 0 } : counted;
    return write(
      {
        ...meta,
        columns: specs(columns, names),
        count: n,
        subtotals: subtotals && { ...subtotals, groups },
      },
      cellsOf(columns, rows),
    );
  };
}

const REPORT_SOURCES: Record<ReportName, Report> = {
  'registro-produzione': paged(
    registroColumns,
    repo.registroCount,
    repo.registroProduzione,
    ({ data, tipo, bancata, blocco }) => ({ data, tipo, bancata, blocco }),
    { by: [0], label: 'mese' },
  ),
  estrazione: grouped(estrazioneColumns, repo.estrazione, {
    notes: ESTRAZIONE_NOTES,
    subtotals: (rows) => ({
      by: [0, 3],
      label: 'valore',
      groups: new Set(rows.map((r) => `${r.cavaCodice}\u0000${r.voce}`)).size,
    }),
  }),
  giacenze: grouped<repo.GiacenzaRow>(
    [
      {
        header: 'Ubicazione',
        kind: 'text',
        value: (r) => r.ubicazione ?? 'Senza ubicazione',
        lookup: 'ubicazione',
        width: 1.8,
      },
      { header: 'Tipo', kind: 'text', value: (r) => r.tipo, samples: TIPI, width: 1 },
      {
        header: 'Materiale',
        kind: 'text',
        value: (r) => r.materiale,
        lookup: 'materiale',
        width: 1.6,
      },
      ...pezziPerTipo,
      { header: 'm³', kind: 'm3', value: (r) => r.volume, width: 1, total: true },
      { header: 'm²', kind: 'm2', value: (r) => r.mq, width: 1, total: true },
      { header: 't', kind: 't', value: (r) => r.tonnellate, width: 1, total: true },
      { header: 'Valore a listino', kind: 'eur', value: (r) => r.valore, width: 1.3, total: true },
      { header: 'Senza prezzo', kind: 'int', value: (r) => r.senzaPrezzo, width: 0.9 },
    ],
    (db, companyId) => repo.giacenze(db, companyId),
  ),
  vendite: grouped<repo.VenditaRow>(
    [
      { header: 'Cliente', kind: 'text', value: (r) => r.cliente, lookup: 'cliente', width: 2.2 },
      {
        header: 'Materiale',
        kind: 'text',
        value: (r) => r.materiale,
        lookup: 'materiale',
        width: 1.5,
      },
      { header: 'Tipo', kind: 'text', value: (r) => r.tipo, samples: TIPI, width: 1 },
      ...pezziPerTipo,
      { header: 'm³', kind: 'm3', value: (r) => r.volume, width: 1, total: true },
      { header: 't', kind: 't', value: (r) => r.tonnellate, width: 1, total: true },
      { header: 'm²', kind: 'm2', value: (r) => r.mq, width: 1, total: true },
      { header: 'Importo', kind: 'eur', value: (r) => r.importo, width: 1.3, total: true },
      {
        header: '€/m³ medio',
        kind: 'eur',
        value: (r) => (r.volume ? roundTo(r.importo / r.volume, 2) : null),
        width: 1.1,
      },
    ],
    repo.vendite,
  ),
  rese: grouped<repo.ResaRow>(
    [
      { header: 'Tipo', kind: 'text', value: (r) => r.tipo, samples: TIPI, width: 1 },
      { header: 'Codice', kind: 'text', value: (r) => r.codice, samples: CODICE, width: 1.3 },
      { header: 'Data', kind: 'date', value: (r) => r.data, width: 1 },
      {
        header: 'Materiale',
        kind: 'text',
        value: (r) => r.materiale,
        lookup: 'materiale',
        width: 1.5,
      },
      { header: 'Ingresso (m³)', kind: 'm3', value: (r) => r.ingresso, width: 1 },
      { header: 'Uscita (m³ o m²)', kind: 'm2', value: (r) => r.uscita, width: 1.1 },
      { header: 'Informi (t)', kind: 't', value: (r) => r.informi, width: 0.9 },
      { header: 'Resa', kind: 'ratio', value: (r) => r.resa, width: 0.8 },
      { header: 'Resa teorica', kind: 'ratio', value: (r) => r.resaTeorica, width: 0.9 },
      {
        header: 'Unità della resa',
        kind: 'text',
        value: (r) => r.unita,
        samples: ['% m³ netti su m³ lordi', 'm² per m³'],
        width: 1.6,
      },
    ],
    repo.rese,
  ),
  blocchi: paged<repo.BloccoRow, string>(
    [
      { header: 'Codice', kind: 'text', value: (r) => r.codice, samples: CODICE, width: 1.3 },
      {
        header: 'Origine',
        kind: 'text',
        value: (r) => (r.origine === 'interno' ? 'Proprio' : 'Esterno'),
        samples: ['Proprio', 'Esterno'],
        width: 0.8,
      },
      { header: 'Data', kind: 'date', value: (r) => r.data, width: 1 },
      {
        header: 'Cava o fornitore',
        kind: 'text',
        value: (r) => r.provenienza,
        lookup: 'provenienza',
        width: 1.6,
      },
      {
        header: 'Materiale',
        kind: 'text',
        value: (r) => r.materiale,
        lookup: 'materiale',
        width: 1.3,
      },
      {
        header: 'Scelta',
        kind: 'text',
        value: (r) => scelta(r.scelta),
        samples: SCELTE,
        width: 0.9,
      },
      {
        header: 'L×H×P (cm)',
        kind: 'text',
        value: (r) => `${r.lunghezza}×${r.altezza}×${r.profondita}`,
        samples: [MISURE],
        width: 1.2,
      },
      { header: 'm³ netti', kind: 'm3', value: (r) => r.volume, width: 0.9, total: true },
      { header: 't', kind: 't', value: (r) => r.peso, width: 0.8, total: true },
      {
        header: 'Stato',
        kind: 'text',
        value: (r) => BLOCCO_STATO_LABELS[r.stato as BloccoStato] ?? r.stato,
        samples: Object.values(BLOCCO_STATO_LABELS),
        width: 1,
      },
      {
        header: 'Tracciabilità',
        kind: 'text',
        value: (r) => r.tracciabilita,
        samples: ['CARRARA-173-99999'],
        width: 1.6,
      },
      {
        header: 'Ubicazione',
        kind: 'text',
        value: (r) => r.ubicazione,
        lookup: 'ubicazione',
        width: 1.3,
      },
    ],
    repo.blocchiCount,
    repo.blocchi,
    (r) => r.codice,
  ),
};

export type ReportisticaService = ReturnType<typeof createReportisticaService>;

/** The reports of Analisi Dati → Reportistica, as PDF or XLSX, streamed while the rows are read. */
export function createReportisticaService(deps: {
  db: Db;
  storage: Storage;
  /** Reports' own pool: a long report holds its thread for seconds and must not hold up labels. */
  renderPool: RenderPool;
}) {
  const { db, storage, renderPool } = deps;
  return {
    async render(
      companyId: string,
      name: ReportName,
      query: ReportQuery,
      onError: (e: unknown) => void,
    ): Promise<{ stream: Readable; contentType: string; fileName: string }> {
      const today = todayInRome();
      const periodo: repo.Periodo = {
        dal: query.dal ?? `${today.slice(0, 4)}-01-01`,
        al: query.al ?? today,
      };
      const company = await findCompanyRow(db, companyId);
      const logo = company?.logoKey ? await storage.read(company.logoKey).catch(() => null) : null;
      const meta = {
        title: REPORTS[name].title,
        sheet: REPORTS[name].title.slice(0, 31),
        periodo: REPORTS[name].periodo
          ? `dal ${italianDate(periodo.dal)} al ${italianDate(periodo.al)}`
          : `al ${italianDate(today)}`,
        company: { name: company?.name ?? '', logo },
        formato: query.formato,
      };
      const names = await repo.lookupNames(db, companyId);
      const stream = await REPORT_SOURCES[name](
        db,
        companyId,
        periodo,
        meta,
        (input, rows) => renderPool.stream(RENDERER, input, rows, onError),
        names,
      );
      const fileName = `${name}-${REPORTS[name].periodo ? `${periodo.dal}_${periodo.al}` : today}.${query.formato}`;
      return {
        stream,
        fileName,
        contentType:
          query.formato === 'xlsx'
            ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
            : 'application/pdf',
      };
    },
  };
}
