import ExcelJS from 'exceljs';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderPool } from '../src/lib/render-pool.js';
import type { EtichetteInput } from '../src/modules/etichette/etichette.pdf.js';
import type { Cell, ReportInput } from '../src/modules/reportistica/reportistica.render.js';

// The document pool (docs/quality.md P14): labels and the verbale are drawn in a worker thread
// that loads the TypeScript renderers itself; Buffers (a logo) cross the boundary intact. The verbale
// through the pool: collaudi-verbale.test.ts.
// How responsive the server stays meanwhile is measured by `npm run bench -- documents`.

const pool = createRenderPool({ threads: 1 });
afterAll(() => pool.close());

const LABELS = new URL('../src/modules/etichette/etichette.pdf.ts', import.meta.url);
const REPORT = new URL('../src/modules/reportistica/reportistica.render.ts', import.meta.url);
const report: ReportInput = {
  formato: 'xlsx',
  title: 'Elenco blocchi',
  sheet: 'Blocchi',
  periodo: 'al 25/11/2026',
  company: { name: 'Marmi Apuani', logo: null },
  columns: [
    { header: 'Codice', kind: 'text' },
    { header: 'm³', kind: 'm3', total: true },
  ],
  count: 3000,
};

async function* batches(n: number, failAfter = Infinity) {
  for (let b = 0; b < n; b++) {
    if (b === failAfter) throw new Error('lettura non riuscita');
    yield Array.from({ length: 1000 }, (_, i): Cell[] => [`BL-${b * 1000 + i}`, 1.5]);
  }
}

async function collect(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function read(pdf: Buffer) {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  let images = 0;
  let text = '';
  for (let n = 0; n < doc.countPages(); n++) {
    const page = doc.loadPage(n);
    page.toStructuredText('preserve-images').walk({ onImageBlock: () => void images++ });
    text += page.toStructuredText('preserve-whitespace').asText();
  }
  return { pages: doc.countPages(), images, text };
}

const jpeg = (color: string) =>
  sharp({ create: { width: 200, height: 120, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

describe('document pool', () => {
  it('labels with the company logo: a QR code and the logo on each, drawn in a worker', async () => {
    const items = Array.from({ length: 9 }, (_, i) => ({
      tipo: 'Lastra',
      codice: `LA-2026-${i}`,
      url: `https://cava.example/c/LA-2026-${i}`,
      facts: ['Statuario', 'Seconda scelta'],
    }));
    const pdf = await pool.render<EtichetteInput>(LABELS, {
      items,
      ditta: { name: 'Marmi Apuani', logo: await jpeg('#204080') },
      formato: 'a4',
    });
    expect(Buffer.isBuffer(pdf)).toBe(true);
    const doc = read(pdf);
    expect(doc.pages).toBe(2);
    // pdfkit embeds a repeated image once; mupdf still sees it placed on each label
    expect(doc.images).toBe(18);
    expect(doc.text).toContain('LA-2026-8');
    expect(doc.text).toContain('Marmi Apuani');
  });

  it('a queue that only grows is refused with 503 and an Italian message', async () => {
    const input = {
      items: [{ tipo: 'Blocco', codice: 'BL-1', url: 'https://cava.example/c/BL-1', facts: [] }],
      ditta: { name: 'D', logo: null },
      formato: 'a4' as const,
    };
    const results = await Promise.allSettled(
      Array.from({ length: 24 }, () => pool.render<EtichetteInput>(LABELS, input)),
    );
    const refused = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason as { statusCode: number; message: string });
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toMatchObject({
      statusCode: 503,
      message: 'Troppi documenti in preparazione: riprova tra qualche secondo',
    });
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(16);
  });

  it('a report streamed through a worker: the rows go in batches, the file comes back whole', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(
      (await collect(pool.stream(REPORT, report, batches(3), () => {}))) as unknown as ArrayBuffer,
    );
    const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(1 + 3000 + 1); // the header, the rows, the totals
    expect(rows[3000]!.slice(1)).toEqual(['BL-2999', 1.5]);
    expect(rows.at(-1)!.slice(1)).toEqual(['Totale', 4500]);
  });

  it('rows that fail mid-way end the file with an error and free the thread for the next document', async () => {
    const errors: unknown[] = [];
    await expect(
      collect(
        pool.stream(REPORT, { ...report, formato: 'pdf' }, batches(3, 1), (e) => errors.push(e)),
      ),
    ).rejects.toThrow('lettura non riuscita');
    expect(errors).toHaveLength(1);
    // the one thread is not left waiting for rows that never come
    expect(
      (await collect(pool.stream(REPORT, { ...report, formato: 'pdf' }, batches(3), () => {})))
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
  });
});
