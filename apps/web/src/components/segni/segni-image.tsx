import type { Segno } from '@gestcava/contracts';
import { SegniLayer } from './segni-layer';
import { SegniLegend } from './segni-legend';

/**
 * A photo with its defects marked over it and a legend (read only). Any page can use it: the
 * photo viewer, a verbale preview, the page a buyer opens from a link. The box takes the photo's
 * proportions unless its container sets a height (`.segni-image--fill`), and carries `data-segni`
 * (the number of marks).
 */
export function SegniImage({
  src,
  alt,
  width,
  height,
  segni,
  legend = true,
  fill = false,
  onImageError,
  className,
}: {
  src: string;
  alt: string;
  /** the photo's size in pixels as shown (`Photo.width`, `Photo.height`) */
  width: number;
  height: number;
  segni: ReadonlyArray<Segno>;
  legend?: boolean;
  /** fill the container's box (a full-screen viewer) instead of taking the photo's proportions */
  fill?: boolean;
  onImageError?: () => void;
  className?: string;
}) {
  const classes = ['segni-image', fill ? 'segni-image--fill' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <figure className={classes} data-segni={segni.length}>
      <div
        className="segni-frame"
        style={fill ? undefined : { aspectRatio: `${width} / ${height}` }}
      >
        <img src={src} alt={alt} className="segni-photo" onError={onImageError} />
        {segni.length > 0 && <SegniLayer segni={segni} width={width} height={height} />}
      </div>
      {legend && segni.length > 0 && (
        <figcaption>
          <SegniLegend segni={segni} />
        </figcaption>
      )}
    </figure>
  );
}
