import { useCallback, useRef, useState, type PointerEvent } from 'react';
import {
  SEGNI_MAX,
  type Punto,
  type Segno,
  type SegnoDifetto,
  type SegnoTipo,
} from '@gestcava/contracts';
import { farEnough, strokeToPunti, toFraction } from './segni-draw';

/**
 * The editor's state: the marks, what was before each change (undo), the selected mark, the tool
 * and defect for the next mark, and the stroke a finger is drawing. Pointer events serve mouse,
 * pen and finger alike; a second finger (a pinch to zoom) drops the stroke, so zooming draws nothing.
 */
export function useSegniEditor(initial: Segno[], size: { width: number; height: number }) {
  const [segni, setSegni] = useState<Segno[]>(initial);
  const [past, setPast] = useState<Segno[][]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [tipo, setTipo] = useState<SegnoTipo>('linea');
  const [difetto, setDifetto] = useState<SegnoDifetto>('pelo');
  const [stroke, setStroke] = useState<Punto[] | null>(null);
  const pointers = useRef(new Set<number>());

  const change = useCallback(
    (next: Segno[], select: number | null = null) => {
      setPast((p) => [...p, segni]);
      setSegni(next);
      setSelected(select);
    },
    [segni],
  );

  const undo = () => {
    const previous = past.at(-1);
    if (!previous) return;
    setPast(past.slice(0, -1));
    setSegni(previous);
    setSelected(null);
  };

  const remove = () => {
    if (selected === null) return;
    change(segni.filter((_, i) => i !== selected));
  };

  /** Fields of the selected mark; the defect also becomes the one for the next marks. */
  const edit = (
    fields: Partial<Pick<Segno, 'difetto' | 'nota' | 'lunghezzaCm'>>,
    undoable = true,
  ) => {
    if (fields.difetto) setDifetto(fields.difetto);
    if (selected === null) return;
    const next = segni.map((s, i) => (i === selected ? { ...s, ...fields } : s));
    if (undoable) change(next, selected);
    else setSegni(next);
  };

  const full = segni.length >= SEGNI_MAX;
  const at = (event: PointerEvent<SVGSVGElement>) =>
    toFraction(
      event.currentTarget.getBoundingClientRect(),
      event.clientX,
      event.clientY,
      size.width,
      size.height,
    );

  const handlers = {
    onPointerDown(event: PointerEvent<SVGSVGElement>) {
      pointers.current.add(event.pointerId);
      if (
        pointers.current.size > 1 ||
        full ||
        (event.pointerType === 'mouse' && event.button !== 0)
      ) {
        setStroke(null);
        return;
      }
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setStroke([at(event)]);
    },
    onPointerMove(event: PointerEvent<SVGSVGElement>) {
      if (!stroke || tipo === 'punto' || pointers.current.size > 1) return;
      const next = at(event);
      if (farEnough(stroke.at(-1), next)) setStroke([...stroke, next]);
    },
    onPointerUp(event: PointerEvent<SVGSVGElement>) {
      pointers.current.delete(event.pointerId);
      if (!stroke) return;
      setStroke(null);
      const punti = strokeToPunti(tipo, stroke);
      if (!punti) return;
      const mark: Segno = { tipo, punti, difetto };
      change([...segni, mark], segni.length);
    },
    onPointerCancel(event: PointerEvent<SVGSVGElement>) {
      pointers.current.delete(event.pointerId);
      setStroke(null);
    },
  };

  return {
    segni,
    selected,
    setSelected,
    tipo,
    setTipo,
    difetto,
    stroke,
    full,
    canUndo: past.length > 0,
    changed: JSON.stringify(segni) !== JSON.stringify(initial),
    undo,
    remove,
    edit,
    handlers,
  };
}
