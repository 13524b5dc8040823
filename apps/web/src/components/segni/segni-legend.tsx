import { SEGNO_DIFETTI, SEGNO_DIFETTO_INFO, type Segno } from '@gestcava/contracts';
import { formatNumber } from '@/lib/format';

type Listed = Pick<Segno, 'difetto' | 'lunghezzaCm' | 'nota'>;

/** The defects present, each with its colour, how many and their length; then the notes. */
export function SegniLegend({ segni }: { segni: ReadonlyArray<Listed> }) {
  if (segni.length === 0) return null;
  const notes = segni.map((s, i) => ({ n: i + 1, s })).filter(({ s }) => s.nota || s.lunghezzaCm);
  return (
    <div className="segni-legend">
      <ul className="segni-legend-list" aria-label="Legenda dei difetti">
        {SEGNO_DIFETTI.filter((d) => segni.some((s) => s.difetto === d)).map((d) => {
          const count = segni.filter((s) => s.difetto === d).length;
          return (
            <li key={d}>
              <span
                className="segni-swatch"
                style={{ background: SEGNO_DIFETTO_INFO[d].colore }}
                aria-hidden="true"
              />
              {SEGNO_DIFETTO_INFO[d].label}
              {count > 1 ? ` × ${count}` : ''}
            </li>
          );
        })}
      </ul>
      {notes.length > 0 && (
        <ul className="segni-legend-notes" aria-label="Note sui difetti">
          {notes.map(({ n, s }) => (
            <li key={n}>
              <span
                className="segni-swatch"
                style={{ background: SEGNO_DIFETTO_INFO[s.difetto].colore }}
                aria-hidden="true"
              />
              {SEGNO_DIFETTO_INFO[s.difetto].label}
              {s.lunghezzaCm ? ` ${formatNumber(s.lunghezzaCm)} cm` : ''}
              {s.nota ? `: ${s.nota}` : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
