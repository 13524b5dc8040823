import '@/components/segni/segni.css';
import './segni-editor.css';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import {
  SEGNI_MAX,
  SEGNO_DIFETTI,
  SEGNO_DIFETTO_INFO,
  SEGNO_TIPO_LABELS,
  segniShapes,
  type Photo,
  type Segno,
  type SegnoDifetto,
  type SegnoTipo,
} from '@gestcava/contracts';
import { SegniLayer, SegnoShapeView } from '@/components/segni/segni-layer';
import { notify } from '@/lib/toast';
import { photoErrorMessage, photoUrl } from '../api/photos';
import { useSaveSegni } from '../api/segni';
import { photoAlt } from './photo-alt';
import { SegniEditorFields } from './segni-editor-fields';
import { useSegniEditor } from './use-segni-editor';

const TOOLS: Array<{ value: SegnoTipo; label: string; icon: string }> = [
  { value: 'linea', label: SEGNO_TIPO_LABELS.linea, icon: 'pi pi-minus' },
  { value: 'area', label: SEGNO_TIPO_LABELS.area, icon: 'pi pi-stop' },
  { value: 'punto', label: SEGNO_TIPO_LABELS.punto, icon: 'pi pi-circle-fill' },
];

/**
 * "Segna difetti" (docs/photos.md, "Segni sui difetti"): draw lines, areas and points on the
 * photo with a finger, pen or mouse, choose each one's defect, length and note, undo, delete, and
 * save the whole set. The picture can be pinch-zoomed: only one finger draws.
 */
export function SegniEditor({
  photo,
  initial,
  onClose,
}: {
  photo: Photo;
  initial: Segno[];
  onClose: () => void;
}) {
  const editor = useSegniEditor(initial, { width: photo.width, height: photo.height });
  const save = useSaveSegni(photo._id);
  const { segni, selected, stroke } = editor;

  const doSave = () =>
    save.mutate(segni, {
      onSuccess: (saved) => {
        notify({
          severity: 'success',
          summary: 'Segni salvati',
          detail: saved.length === 1 ? '1 difetto segnato' : `${saved.length} difetti segnati`,
        });
        onClose();
      },
      onError: (error) =>
        notify({
          severity: 'error',
          summary: 'Segni non salvati',
          detail: photoErrorMessage(error),
        }),
    });

  const footer = (
    <div className="segni-editor-footer">
      <Button type="button" label="Annulla" text onClick={onClose} disabled={save.isPending} />
      <Button
        type="button"
        label="Salva segni"
        icon="pi pi-check"
        onClick={doSave}
        loading={save.isPending}
        disabled={!editor.changed}
        data-testid="segni-save"
      />
    </div>
  );

  const strokeShape =
    stroke && stroke.length > 0
      ? segniShapes(
          [
            {
              tipo: editor.tipo === 'area' && stroke.length < 3 ? 'linea' : editor.tipo,
              punti: editor.tipo === 'punto' ? stroke.slice(0, 1) : stroke,
              difetto: editor.difetto,
            },
          ],
          photo.width,
          photo.height,
        )[0]
      : undefined;

  return (
    <Dialog
      visible
      maximized
      header={`Segna difetti · ${photoAlt(photo)}`}
      onHide={onClose}
      footer={footer}
      className="segni-editor-dialog"
      data-testid="segni-editor"
    >
      <div className="segni-editor">
        <div className="segni-editor-tools">
          <div className="segni-tools" role="group" aria-label="Strumento">
            {TOOLS.map((o) => (
              <Button
                key={o.value}
                type="button"
                icon={o.icon}
                label={o.label}
                size="small"
                outlined={editor.tipo !== o.value}
                aria-pressed={editor.tipo === o.value}
                onClick={() => editor.setTipo(o.value)}
                data-testid={`segni-tool-${o.value}`}
              />
            ))}
          </div>
          <label className="segni-editor-difetto">
            <span>Difetto</span>
            <select
              className="p-inputtext p-component"
              value={selected !== null ? segni[selected]!.difetto : editor.difetto}
              onChange={(e) => editor.edit({ difetto: e.target.value as SegnoDifetto })}
              data-testid="segni-difetto"
            >
              {SEGNO_DIFETTI.map((d) => (
                <option key={d} value={d}>
                  {SEGNO_DIFETTO_INFO[d].label}
                </option>
              ))}
            </select>
          </label>
          <Button
            type="button"
            icon="pi pi-undo"
            label="Annulla ultimo"
            outlined
            size="small"
            onClick={editor.undo}
            disabled={!editor.canUndo}
            data-testid="segni-undo"
          />
        </div>
        <div className="segni-editor-canvas segni-image segni-image--fill">
          <div className="segni-frame">
            <img src={photoUrl(photo.previewUrl)} alt={photoAlt(photo)} className="segni-photo" />
            <SegniLayer
              segni={segni}
              width={photo.width}
              height={photo.height}
              selected={selected}
              className="segni-editor-surface"
            >
              {strokeShape && <SegnoShapeView shape={strokeShape} />}
            </SegniLayer>
            <svg
              className="segni-layer segni-editor-input"
              viewBox={`0 0 ${photo.width} ${photo.height}`}
              preserveAspectRatio="xMidYMid meet"
              role="img"
              aria-label={`Foto su cui disegnare: ${SEGNO_TIPO_LABELS[editor.tipo].toLowerCase()} di ${SEGNO_DIFETTO_INFO[editor.difetto].label.toLowerCase()}`}
              data-testid="segni-canvas"
              {...editor.handlers}
            />
          </div>
        </div>
        {editor.full && (
          <p className="segni-editor-full" role="status">
            Al massimo {SEGNI_MAX} segni per foto: eliminane uno per aggiungerne altri.
          </p>
        )}
        <SegniEditorFields editor={editor} />
      </div>
    </Dialog>
  );
}
