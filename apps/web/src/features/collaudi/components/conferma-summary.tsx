import { BLOCCO_STATO_LABELS, type Collaudo } from '@gestcava/contracts';
import { formatEuroCents, formatInteger, formatVolume } from '@/lib/format';
import { confermaSummary } from './conferma-model';

/** The confirmation's question: which blocks are sold to whom, for how much, and which go back where. */
export function ConfermaSummaryView({ collaudo }: { collaudo: Collaudo }) {
  const s = confermaSummary(collaudo);
  const t = collaudo.totali;
  return (
    <div className="conferma-summary" data-testid="conferma-summary">
      {s.venduti.length > 0 ? (
        <>
          <p className="mt-0">
            <strong>
              {s.venduti.length === 1
                ? '1 blocco venduto'
                : `${formatInteger(s.venduti.length)} blocchi venduti`}
            </strong>{' '}
            a <strong>{s.cliente}</strong>:
          </p>
          <ul className="conferma-list" data-testid="conferma-venduti">
            {s.venduti.map((v) => (
              <li key={v.codice}>
                <span className="conferma-codice">{v.codice}</span>
                <span>{formatVolume(v.volume)}</span>
                <span>{v.importo !== null ? formatEuroCents(v.importo) : '—'}</span>
              </li>
            ))}
            <li className="conferma-total">
              <span className="conferma-codice">Totale</span>
              <span>{formatVolume(t.volumeNetto)}</span>
              <span>{formatEuroCents(t.importo)}</span>
            </li>
          </ul>
        </>
      ) : (
        <p className="mt-0">Nessun blocco accettato: niente sarà venduto.</p>
      )}
      {s.tornano.length > 0 && (
        <>
          <p>
            {s.tornano.length === 1
              ? 'Torna in magazzino:'
              : `Tornano in magazzino ${formatInteger(s.tornano.length)} blocchi:`}
          </p>
          <ul className="conferma-list" data-testid="conferma-tornano">
            {s.tornano.map((r) => (
              <li key={r.codice}>
                <span className="conferma-codice">{r.codice}</span>
                <span>torna {BLOCCO_STATO_LABELS[r.stato].toLowerCase()}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="text-color-secondary">La conferma non si può annullare.</p>
    </div>
  );
}
