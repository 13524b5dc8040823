import ExcelJS from 'exceljs';
import { packingRows, packingWords, type PackingInput } from './ddt.packing.js';

/** The packing list as a workbook, drawn in the document pool: the same rows as the PDF, numbers as numbers. */
export async function render(input: PackingInput): Promise<Buffer> {
  const w = packingWords(input.lingua);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(w.title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: w.tipo, width: 10 },
    { header: w.codice, width: 22 },
    { header: w.descrizione, width: 34 },
    { header: w.lunghezza, width: 12, style: { numFmt: '0' } },
    { header: w.altezza, width: 12, style: { numFmt: '0' } },
    { header: w.spessore, width: 12, style: { numFmt: '0' } },
    { header: w.scelta, width: 12 },
    { header: w.pezzi, width: 8, style: { numFmt: '0' } },
    { header: w.casse, width: 8, style: { numFmt: '0' } },
    { header: w.colli, width: 8, style: { numFmt: '0' } },
    { header: 'm²', width: 10, style: { numFmt: '#,##0.00' } },
    { header: 'm³', width: 10, style: { numFmt: '#,##0.000' } },
    { header: w.pesoNetto, width: 14, style: { numFmt: '#,##0' } },
    { header: w.pesoLordo, width: 14, style: { numFmt: '#,##0' } },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of packingRows(input)) {
    const row = sheet.addRow([
      r.tipo,
      r.codice,
      r.kind === 'riga' ? r.descrizione || r.misure : '',
      r.lunghezzaMm,
      r.altezzaMm,
      r.spessoreMm,
      r.scelta || null,
      r.pezzi,
      r.casse,
      r.colli,
      r.mq,
      r.m3,
      r.pesoNettoKg,
      r.pesoLordoKg,
    ]);
    if (r.kind === 'totale' || r.kind === 'carico') row.font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
