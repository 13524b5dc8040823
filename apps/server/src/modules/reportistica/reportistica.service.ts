import {
  BLOCCO_STATO_LABELS,
  CATEGORIA_LABELS,
  REPORTS,
  SCELTA_LABELS,
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

/** The long lists are read a page at a time, so a report of 100 000 rows never sits in memory. */
const BATCH = 2000;

/** The worker that draws the file (lib/render-pool.ts); this module reads the rows and computes the cells. */
const RENDERER = new URL('./reportistica.render.ts', import.meta.url);

/** A column of a report: how its cell is computed from a row, here; how it is drawn, in the worker. */
export interface ReportColumn<T> extends ReportColumnSpec {
  value: (row: T) => Cell;
}

const scelta = (s: string | null) =>
  s ? (SCELTA_LABELS[s as keyof typeof SCELTA_LABELS] ?? s) : null;
const categoria = (c: string | null) =>
  c ? (CATEGORIA_LABELS[c as keyof typeof CATEGORIA_LABELS] ?? c) : null;

type Meta = Pick<ReportInput, 'title' | 'sheet' | 'periodo' | 'company' | 'formato'>;
/** A report ready to write: the rows' type stays inside, the caller picks the format. */
type Report = (
  db: Db,
  companyId: string,
  p: repo.Periodo,
  meta: Meta,
  write: Write,
) => Promise<Readable>;
type Write = (input: ReportInput, rows: AsyncIterable<Cell[][]>) => Readable;

/** The rows' cells, batch by batch: plain data a worker can receive. */
async function* cellsOf<T>(columns: ReportColumn<T>[], rows: AsyncIterable<T[]>) {
  for await (const batch of rows) yield batch.map((row) => columns.map((c) => c.value(row)));
}

const specs = <T>(columns: ReportColumn<T>[]): ReportColumnSpec[] =>
  columns.map(({ header, kind, width, total }) => ({ header, kind, width, total }));

/** A grouped report: one statement, small by nature (groups, not items). */
function grouped<T>(
  columns: ReportColumn<T>[],
  load: (db: Db, companyId: string, p: repo.Periodo) => Promise<T[]>,
): Report {
  return async (db, companyId, p, meta, write) => {
    const rows = await load(db, companyId, p);
    return write(
      { ...meta, columns: specs(columns), count: rows.length },
      cellsOf(
        columns,
        (async function* () {
          yield rows;
        })(),
      ),
    );
  };
}

/** A long list: counted, then read a page at a time while the file is written. */
function paged<T>(
  columns: ReportColumn<T>[],
  count: (db: Db, companyId: string, p: repo.Periodo) => Promise<number>,
  page: (
    db: Db,
    companyId: string,
    p: repo.Periodo,
    pg: { limit: number; offset: number },
  ) => Promise<T[]>,
): Report {
  return async (db, companyId, p, meta, write) => {
    const rows = (async function* () {
      for (let offset = 0; ; offset += BATCH) {
        const batch = await page(db, companyId, p, { limit: BATCH, offset });
        if (batch.length) yield batch;
        if (batch.length < BATCH) return;
      }
    })();
    return write(
      { ...meta, columns: specs(columns), count: await count(db, companyId, p) },
      cellsOf(columns, rows),
    );
  };
}

const registroColumns: ReportColumn<repo.RegistroRow>[] = [
  { header: 'Data riquadratura', kind: 'date', value: (r) => r.data, width: 1.1 },
  { header: 'Bancata', kind: 'text', value: (r) => r.bancata, width: 1.4 },
  { header: 'Cava', kind: 'text', value: (r) => r.cava, width: 1.4 },
  { header: 'Materiale', kind: 'text', value: (r) => r.materiale, width: 1.5 },
  { header: 'Blocco', kind: 'text', value: (r) => r.blocco, width: 1.4 },
  { header: 'L (cm)', kind: 'cm', value: (r) => r.lunghezza, width: 0.7 },
  { header: 'H (cm)', kind: 'cm', value: (r) => r.altezza, width: 0.7 },
  { header: 'P (cm)', kind: 'cm', value: (r) => r.profondita, width: 0.7 },
  { header: 'm³ netti', kind: 'm3', value: (r) => r.volume, width: 1, total: true },
  { header: 't', kind: 't', value: (r) => r.peso, width: 0.9, total: true },
  // informi count by weight only, in a column of their own (issue 25 item 8)
  { header: 't informi', kind: 't', value: (r) => r.pesoInformi, width: 0.9, total: true },
  { header: 'Scelta', kind: 'text', value: (r) => scelta(r.scelta), width: 1 },
  { header: 'Categoria', kind: 'text', value: (r) => categoria(r.categoria), width: 1.2 },
  { header: 'Tracciabilità', kind: 'text', value: (r) => r.tracciabilita, width: 1.8 },
];

const REPORT_SOURCES: Record<ReportName, Report> = {
  'registro-produzione': paged(registroColumns, repo.registroCount, repo.registroProduzione),
  estrazione: grouped<repo.EstrazioneRow>(
    [
      { header: 'Cava', kind: 'text', value: (r) => r.cava, width: 1.5 },
      { header: 'Materiale', kind: 'text', value: (r) => r.materiale, width: 1.5 },
      { header: 'Voce', kind: 'text', value: (r) => r.voce, width: 1 },
      { header: 'Qualità (scelta)', kind: 'text', value: (r) => scelta(r.scelta), width: 1.1 },
      { header: 'Categoria', kind: 'text', value: (r) => categoria(r.categoria), width: 1.2 },
      { header: 'Blocchi', kind: 'int', value: (r) => r.blocchi, width: 0.8, total: true },
      { header: 'm³', kind: 'm3', value: (r) => r.volume, width: 1, total: true },
      { header: 't', kind: 't', value: (r) => r.tonnellate, width: 1, total: true },
      { header: 'Tonnellate', kind: 'text', value: (r) => r.fonte, width: 1.2 },
    ],
    repo.estrazione,
  ),
  giacenze: grouped<repo.GiacenzaRow>(
    [
      {
        header: 'Ubicazione',
        kind: 'text',
        value: (r) => r.ubicazione ?? 'Senza ubicazione',
        width: 1.8,
      },
      { header: 'Tipo', kind: 'text', value: (r) => r.tipo, width: 1 },
      { header: 'Materiale', kind: 'text', value: (r) => r.materiale, width: 1.6 },
      { header: 'Pezzi', kind: 'int', value: (r) => r.pezzi, width: 0.8, total: true },
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
      { header: 'Cliente', kind: 'text', value: (r) => r.cliente, width: 2.2 },
      { header: 'Materiale', kind: 'text', value: (r) => r.materiale, width: 1.5 },
      { header: 'Tipo', kind: 'text', value: (r) => r.tipo, width: 1 },
      { header: 'Pezzi', kind: 'int', value: (r) => r.pezzi, width: 0.8, total: true },
      { header: 'm³', kind: 'm3', value: (r) => r.volume, width: 1, total: true },
      { header: 't', kind: 't', value: (r) => r.tonnellate, width: 1, total: true },
      { header: 'm²', kind: 'm2', value: (r) => r.mq, width: 1, total: true },
      { header: 'Importo', kind: 'eur', value: (r) => r.importo, width: 1.3, total: true },
      {
        header: '€/m³ medio',
        kind: 'eur',
        value: (r) => (r.volume ? Math.round((r.importo / r.volume) * 100) / 100 : null),
        width: 1.1,
      },
    ],
    repo.vendite,
  ),
  rese: grouped<repo.ResaRow>(
    [
      { header: 'Tipo', kind: 'text', value: (r) => r.tipo, width: 1 },
      { header: 'Codice', kind: 'text', value: (r) => r.codice, width: 1.3 },
      { header: 'Data', kind: 'date', value: (r) => r.data, width: 1 },
      { header: 'Materiale', kind: 'text', value: (r) => r.materiale, width: 1.5 },
      { header: 'Ingresso (m³)', kind: 'm3', value: (r) => r.ingresso, width: 1 },
      { header: 'Uscita (m³ o m²)', kind: 'm2', value: (r) => r.uscita, width: 1.1 },
      { header: 'Resa', kind: 'ratio', value: (r) => r.resa, width: 0.8 },
      { header: 'Resa teorica', kind: 'ratio', value: (r) => r.resaTeorica, width: 0.9 },
      { header: 'Unità della resa', kind: 'text', value: (r) => r.unita, width: 1.6 },
    ],
    repo.rese,
  ),
  blocchi: paged<repo.BloccoRow>(
    [
      { header: 'Codice', kind: 'text', value: (r) => r.codice, width: 1.3 },
      {
        header: 'Origine',
        kind: 'text',
        value: (r) => (r.origine === 'interno' ? 'Proprio' : 'Esterno'),
        width: 0.8,
      },
      { header: 'Data', kind: 'date', value: (r) => r.data, width: 1 },
      { header: 'Cava o fornitore', kind: 'text', value: (r) => r.provenienza, width: 1.6 },
      { header: 'Materiale', kind: 'text', value: (r) => r.materiale, width: 1.3 },
      { header: 'Scelta', kind: 'text', value: (r) => scelta(r.scelta), width: 0.9 },
      {
        header: 'L×H×P (cm)',
        kind: 'text',
        value: (r) => `${r.lunghezza}×${r.altezza}×${r.profondita}`,
        width: 1.2,
      },
      { header: 'm³ netti', kind: 'm3', value: (r) => r.volume, width: 0.9, total: true },
      { header: 't', kind: 't', value: (r) => r.peso, width: 0.8, total: true },
      {
        header: 'Stato',
        kind: 'text',
        value: (r) => BLOCCO_STATO_LABELS[r.stato as BloccoStato] ?? r.stato,
        width: 1,
      },
      { header: 'Tracciabilità', kind: 'text', value: (r) => r.tracciabilita, width: 1.6 },
      { header: 'Ubicazione', kind: 'text', value: (r) => r.ubicazione, width: 1.3 },
    ],
    repo.blocchiCount,
    repo.blocchi,
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
      const stream = await REPORT_SOURCES[name](db, companyId, periodo, meta, (input, rows) =>
        renderPool.stream(RENDERER, input, rows, onError),
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
