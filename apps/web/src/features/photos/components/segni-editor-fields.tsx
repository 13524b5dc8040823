import { Button } from 'primereact/button';
import { SEGNO_DIFETTO_INFO, SEGNO_TIPO_LABELS } from '@gestcava/contracts';
import type { useSegniEditor } from './use-segni-editor';

/** The marks as a list to select (keyboard too), and the selected one's length, note and delete. */
export function SegniEditorFields({ editor }: { editor: ReturnType<typeof useSegniEditor> }) {
  const { segni, selected } = editor;
  const mark = selected !== null ? segni[selected] : undefined;
  if (segni.length === 0)
    return (
      <p className="segni-editor-hint m-0">
        Trascina il dito sulla foto per segnare un difetto; per un punto basta toccare.
      </p>
    );
  return (
    <div className="segni-editor-fields">
      <ul className="segni-editor-list" aria-label="Segni sulla foto">
        {segni.map((s, i) => (
          <li key={i}>
            <button
              type="button"
              className={`segni-chip${selected === i ? ' segni-chip--on' : ''}`}
              aria-pressed={selected === i}
              onClick={() => editor.setSelected(selected === i ? null : i)}
              data-testid="segni-chip"
            >
              <span
                className="segni-swatch"
                style={{ background: SEGNO_DIFETTO_INFO[s.difetto].colore }}
                aria-hidden="true"
              />
              {i + 1}. {SEGNO_DIFETTO_INFO[s.difetto].label} (
              {SEGNO_TIPO_LABELS[s.tipo].toLowerCase()})
            </button>
          </li>
        ))}
      </ul>
      {mark && selected !== null && (
        <div className="segni-editor-mark" data-testid="segni-selected">
          {mark.tipo === 'linea' && (
            <label>
              <span>Lunghezza (cm)</span>
              <input
                className="p-inputtext p-component"
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                value={mark.lunghezzaCm ?? ''}
                onChange={(e) =>
                  editor.edit(
                    { lunghezzaCm: e.target.value ? Number(e.target.value) : undefined },
                    false,
                  )
                }
              />
            </label>
          )}
          <label>
            <span>Nota</span>
            <input
              className="p-inputtext p-component"
              maxLength={200}
              value={mark.nota ?? ''}
              onChange={(e) => editor.edit({ nota: e.target.value || undefined }, false)}
              data-testid="segni-nota"
            />
          </label>
          <Button
            type="button"
            icon="pi pi-trash"
            label={`Elimina segno ${selected + 1}`}
            severity="danger"
            outlined
            size="small"
            onClick={editor.remove}
            data-testid="segni-delete"
          />
        </div>
      )}
    </div>
  );
}
