import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from 'primereact/button';
import { areaM2, lastraCodice, SCELTA_LABELS, SCELTE } from '@gestcava/contracts';
import { formatArea } from '@/lib/format';
import {
  appendRow,
  copyAbove,
  readMm,
  removeRow,
  rowErrors,
  updateRow,
  type GridColumn,
  type GridRow,
  type Scelta,
} from './lastre-grid-model';

const COLUMN_LABELS: Record<GridColumn, string> = {
  lunghezza: 'Lunghezza',
  altezza: 'Altezza',
  scelta: 'Scelta',
};

/**
 * The slabs one by one, in sawing order, typed from the keyboard (docs/screens.md): Enter goes
 * down the same column and, on the last row, adds a row repeating its size; "=" or "Come sopra"
 * copies the row above; ↑ ↓ move between rows. Under 768 px the table scrolls sideways.
 */
export function LastreGrid({
  rows,
  onChange,
  bloccoCodice,
  showErrors,
}: {
  rows: readonly GridRow[];
  onChange: (rows: GridRow[]) => void;
  bloccoCodice: string;
  /** mark every wrong cell (after the user tried to go on), not only those already left */
  showErrors: boolean;
}) {
  const cells = useRef(new Map<string, HTMLInputElement | HTMLSelectElement>());
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  // a cell to focus once the rows it belongs to are rendered (a row just added, or after a delete)
  const pendingFocus = useRef<{ index: number; col: GridColumn } | null>(null);

  const focusCell = (list: readonly GridRow[], index: number, col: GridColumn) => {
    const row = list[index];
    const cell = row && cells.current.get(`${row.key}-${col}`);
    if (!cell) return;
    cell.focus();
    if (cell instanceof HTMLInputElement) cell.select();
  };
  useEffect(() => {
    const p = pendingFocus.current;
    if (!p) return;
    pendingFocus.current = null;
    focusCell(rows, p.index, p.col);
  });
  const moveTo = (index: number, col: GridColumn) => focusCell(rows, index, col);
  const moveToAfterChange = (index: number, col: GridColumn) => {
    pendingFocus.current = { index, col };
  };
  const touch = (row: GridRow, col: GridColumn) =>
    setTouched((t) => (t.has(`${row.key}-${col}`) ? t : new Set(t).add(`${row.key}-${col}`)));

  const onKeyDown = (
    e: KeyboardEvent<HTMLInputElement | HTMLSelectElement>,
    index: number,
    col: GridColumn,
  ) => {
    const row = rows[index];
    if (!row) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      touch(row, col);
      if (index === rows.length - 1) {
        moveToAfterChange(index + 1, col);
        onChange(appendRow(rows));
      } else moveTo(index + 1, col);
    } else if (e.key === 'ArrowDown' && col !== 'scelta' && index < rows.length - 1) {
      e.preventDefault();
      moveTo(index + 1, col);
    } else if (e.key === 'ArrowUp' && col !== 'scelta' && index > 0) {
      e.preventDefault();
      moveTo(index - 1, col);
    } else if (e.key === '=' && col !== 'scelta') {
      e.preventDefault();
      if (index > 0) onChange(copyAbove(rows, index));
    }
  };

  const register =
    (row: GridRow, col: GridColumn) => (el: HTMLInputElement | HTMLSelectElement | null) => {
      const key = `${row.key}-${col}`;
      if (el) cells.current.set(key, el);
      else cells.current.delete(key);
    };

  const sizeCell = (
    row: GridRow,
    index: number,
    col: 'lunghezza' | 'altezza',
    error: string | null,
  ) => {
    const shown = error && (showErrors || touched.has(`${row.key}-${col}`));
    const id = `lastra-${index + 1}-${col}`;
    return (
      <td>
        <input
          id={id}
          ref={register(row, col)}
          className={`p-inputtext p-component lastre-grid-input${shown ? ' p-invalid' : ''}`}
          inputMode="numeric"
          autoComplete="off"
          value={row[col]}
          aria-label={`${COLUMN_LABELS[col]} lastra ${index + 1} (mm)`}
          aria-invalid={shown ? true : undefined}
          title={shown ? error : undefined}
          onChange={(e) => onChange(updateRow(rows, index, { [col]: e.target.value }))}
          onBlur={() => touch(row, col)}
          onKeyDown={(e) => onKeyDown(e, index, col)}
          data-testid={id}
        />
      </td>
    );
  };

  return (
    <div className="lastre-grid-scroll">
      <table
        className="lastre-grid"
        aria-label="Lastre in ordine di segagione"
        data-testid="lastre-grid"
      >
        <thead>
          <tr>
            <th scope="col">N°</th>
            <th scope="col">
              <span className="lastre-grid-long">Lunghezza mm</span>
              <span className="lastre-grid-short">L mm</span>
            </th>
            <th scope="col">
              <span className="lastre-grid-long">Altezza mm</span>
              <span className="lastre-grid-short">H mm</span>
            </th>
            <th scope="col">Scelta</th>
            <th scope="col" className="col-number lastre-grid-mq">
              m²
            </th>
            <th scope="col">
              <span className="sr-only">Azioni</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const errors = rowErrors(row);
            const l = readMm(row.lunghezza);
            const h = readMm(row.altezza);
            return (
              <tr key={row.key} data-testid="lastre-grid-row">
                <th
                  scope="row"
                  className="lastre-grid-n"
                  title={lastraCodice(bloccoCodice, index + 1)}
                >
                  {String(index + 1).padStart(3, '0')}
                </th>
                {sizeCell(row, index, 'lunghezza', errors.lunghezza)}
                {sizeCell(row, index, 'altezza', errors.altezza)}
                <td>
                  <select
                    ref={register(row, 'scelta')}
                    className="p-inputtext p-component lastre-grid-select"
                    value={row.scelta}
                    aria-label={`Scelta lastra ${index + 1}`}
                    onChange={(e) =>
                      onChange(updateRow(rows, index, { scelta: e.target.value as Scelta | '' }))
                    }
                    onKeyDown={(e) => onKeyDown(e, index, 'scelta')}
                    data-testid={`lastra-${index + 1}-scelta`}
                  >
                    <option value="">Del blocco</option>
                    {SCELTE.map((s) => (
                      <option key={s} value={s}>
                        {SCELTA_LABELS[s]}
                      </option>
                    ))}
                  </select>
                </td>
                <td
                  className="col-number col-nowrap lastre-grid-mq"
                  data-testid={`lastra-${index + 1}-mq`}
                >
                  {l !== null && h !== null ? formatArea(areaM2(l, h)) : '—'}
                </td>
                <td className="col-nowrap">
                  <Button
                    type="button"
                    icon="pi pi-arrow-up"
                    text
                    size="small"
                    disabled={index === 0}
                    aria-label={`Lastra ${index + 1} come sopra`}
                    title="Come sopra (=)"
                    onClick={() => onChange(copyAbove(rows, index))}
                    data-testid={`lastra-${index + 1}-come-sopra`}
                  />
                  <Button
                    type="button"
                    icon="pi pi-trash"
                    text
                    size="small"
                    severity="danger"
                    aria-label={`Elimina lastra ${index + 1}`}
                    onClick={() => {
                      moveToAfterChange(Math.max(0, Math.min(index, rows.length - 2)), 'lunghezza');
                      onChange(removeRow(rows, index));
                    }}
                    data-testid={`lastra-${index + 1}-elimina`}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
