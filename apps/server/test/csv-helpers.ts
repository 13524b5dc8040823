// Reading the CSV exports in tests.

/**
 * The rows of a CSV export as cells, read as RFC 4180 says (quoted cells, doubled quotes, separators
 * and line breaks inside quotes; a quote inside an unquoted cell is kept, as lenient readers do), the
 * BOM dropped. `separator` lets a test read the file as a comma- or tab-locale spreadsheet would.
 */
export function csvRows(body: string, separator = ';'): string[][] {
  const text = body.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '' && !wasQuoted) {
      quoted = true;
      wasQuoted = true;
    } else if (c === separator || c === '\n' || c === '\r') {
      row.push(cell);
      cell = '';
      wasQuoted = false;
      if (c !== separator) {
        if (c === '\r' && text[i + 1] === '\n') i += 1;
        rows.push(row);
        row = [];
      }
    } else cell += c;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}
