import type { ReactNode } from 'react';
import { segniShapes, type Segno, type SegnoShape } from '@gestcava/contracts';
import './segni.css';

type Drawable = Pick<Segno, 'tipo' | 'punti' | 'difetto'>;

/**
 * The marks as an SVG layer over a picture of `width` × `height` pixels (the photo's own size, so
 * strokes keep their weight relative to the stone). The layer and the image both fill the same
 * box and letterbox the same way (`object-fit: contain` / `meet`), so a mark stays on the stone
 * whatever the box's shape, and zooming the page zooms both together.
 */
export function SegniLayer({
  segni,
  width,
  height,
  selected,
  children,
  className,
}: {
  segni: ReadonlyArray<Drawable>;
  width: number;
  height: number;
  /** index of a mark drawn highlighted (the editor's selection) */
  selected?: number | null;
  /** more shapes (the editor's stroke in progress) */
  children?: ReactNode;
  className?: string;
}) {
  return (
    <svg
      className={className ? `segni-layer ${className}` : 'segni-layer'}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="xMidYMid meet"
      aria-hidden="true"
    >
      {segniShapes(segni, width, height).map((shape, i) => (
        <SegnoShapeView
          // marks have no identity of their own: their place in the list is it
          key={i}
          shape={shape}
          highlighted={selected === i}
          index={i}
        />
      ))}
      {children}
    </svg>
  );
}

export function SegnoShapeView({
  shape,
  highlighted = false,
  index,
}: {
  shape: SegnoShape;
  highlighted?: boolean;
  index?: number;
}) {
  const s = shape;
  const data = index === undefined ? {} : { 'data-segno': index };
  if (s.kind === 'circle')
    return (
      <circle
        {...data}
        cx={s.cx}
        cy={s.cy}
        r={highlighted ? s.r * 1.5 : s.r}
        fill={s.colore}
        stroke="#fff"
        strokeWidth={s.stroke}
      />
    );
  const Tag = s.kind;
  const width = highlighted ? s.stroke * 1.8 : s.stroke;
  return (
    <g {...data}>
      <Tag
        points={s.points}
        fill="none"
        stroke={highlighted ? '#fff' : '#000'}
        strokeOpacity={highlighted ? 0.9 : 0.45}
        strokeWidth={width * 2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <Tag
        points={s.points}
        fill={s.kind === 'polygon' ? s.colore : 'none'}
        fillOpacity={0.25}
        stroke={s.colore}
        strokeWidth={width}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </g>
  );
}
