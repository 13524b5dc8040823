import fs from 'node:fs';
import * as mupdf from 'mupdf';
for (const f of process.argv.slice(2)) {
  const doc = mupdf.Document.openDocument(fs.readFileSync(`/tmp/figs/${f}.pdf`), 'application/pdf');
  const pix = doc.loadPage(0).toPixmap(mupdf.Matrix.scale(1.6, 1.6), mupdf.ColorSpace.DeviceRGB, false, true);
  fs.writeFileSync(`/tmp/figs/${f}.png`, pix.asPNG());
}
