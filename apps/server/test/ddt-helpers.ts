import ExcelJS from 'exceljs';
import * as mupdf from 'mupdf';
import { expect } from 'vitest';
import type { TestClient } from './helpers.js';
import { sale, stockFixture, type StockFixture } from './stock-fixtures.js';

// What the DDT tests share: the stock fixture with a sales user who has only `spedizioni` and the
// stock pages, and items sold to a cliente as the app sells them.

export const year = new Date().getFullYear();

export async function ddtFixture() {
  const f = await stockFixture();
  const spedizioni = (await f.org.userClient({ spedizioni: true })).client;
  return { ...f, spedizioni, ...sellers(f) };
}
export type DdtFixture = Awaited<ReturnType<typeof ddtFixture>>;

function sellers(f: StockFixture) {
  /** A bought block of 300 × 200 × 180 cm (10,8 m³), not sold (`stato`: where it starts). */
  async function boughtBlock(
    extra: { pesoPesa?: number; stato?: string } = {},
  ): Promise<{ _id: string; codice: string }> {
    const created = await f.admin.post('/api/blocchi-esterni', {
      fornitoreId: f.ids.fornitore,
      dataAcquisto: `${year}-02-01`,
      prezzoAcquisto: 1500,
      unitaPrezzoAcquisto: 'm3',
      materialeId: f.ids.materiale,
      ubicazioneId: f.ids.ubicazione,
      lunghezza: 300,
      altezza: 200,
      profondita: 180,
      ...extra,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json();
  }

  return {
    boughtBlock,
    /** A bought block of 300 × 200 × 180 cm (10,8 m³) sold to the cliente (a group company's sale goes the same way). */
    async soldBlock(
      clienteId: string,
      extra: { pesoPesa?: number } = {},
    ): Promise<{ _id: string; codice: string }> {
      const blocco = await boughtBlock(extra);
      await f.ctx.database.db.transaction((tx) =>
        f.ctx.app.services.blocchi.transition(tx, {
          companyId: f.org.company.id,
          origine: null,
          id: blocco._id,
          to: 'venduto',
          by: 'system',
          userId: null,
          note: 'Venduto',
          set: { clienteId },
        }),
      );
      return blocco;
    },
    /** A bundle of `n` slabs of 4,5 m² sold whole to the cliente. */
    async soldBundle(clienteId: string, n = 4) {
      const b = await f.bundle(n);
      const res = await f.admin.post(`/api/magazzino/pacchi/${b.paccoId}/vendi`, {
        clienteId,
        prezzo: 85,
        unita: 'mq',
      });
      expect(res.statusCode, res.body).toBe(200);
      return b;
    },
    /** A sale of `casse` boxes (12 pieces of 305 × 305 each) from a new lot: the sale's id, as `da-spedire` lists it. */
    async soldTiles(
      client: TestClient,
      clienteId: string,
      casse: number,
    ): Promise<{ lottoId: string; venditaId: string }> {
      const lottoId = await f.lot(250);
      const res = await f.admin.post(`/api/magazzino/lotti/${lottoId}/vendi`, {
        casse,
        ...sale(clienteId),
      });
      expect(res.statusCode, res.body).toBe(200);
      const list = (await client.get('/api/ddt/da-spedire', { query: { clienteId } })).json();
      const vendita = list.lotti.find((l: { lottoId: string }) => l.lottoId === lottoId);
      return { lottoId, venditaId: vendita._id };
    },
  };
}

/** A draft's body for the cliente: by the sender's own truck unless told. */
export function bozza(
  clienteId: string,
  righe: Array<{ entityType: string; id: string; pezzi?: number }>,
  extra: Record<string, unknown> = {},
) {
  return {
    causale: 'vendita',
    clienteId,
    trasportoACura: 'mittente',
    porto: 'franco',
    aspetto: 'Blocchi e pacchi su bancali',
    righe,
    ...extra,
  };
}

/** The text of every page (whitespace as single spaces) and the title. */
export function readPdf(pdf: Buffer) {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const pages = Array.from({ length: doc.countPages() }, (_, n) =>
    doc.loadPage(n).toStructuredText('preserve-whitespace').asText().replace(/\s+/g, ' '),
  );
  return { pages, text: pages.join('\n'), title: doc.getMetaData('info:Title') };
}

/** Every non-empty cell of the first sheet, as [row, column, value]. */
export async function readXlsx(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}
