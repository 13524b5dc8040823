import { Button } from 'primereact/button';
import { BANCATA_TRANSITIONS, type BancataStato } from '@gestcava/contracts';
import { BANCATA_MOVE_LABELS } from './bancata-moves';

/**
 * One button per move the transition table allows from the current state (DESIGN §4), none
 * otherwise; the server checks the same table (409 for anything else).
 */
export function BancataStatoActions({
  stato,
  onMove,
  busy,
}: {
  stato: BancataStato;
  onMove: (to: BancataStato) => void;
  busy?: BancataStato | null;
}) {
  const moves = BANCATA_TRANSITIONS[stato];
  if (moves.length === 0) return null;
  return (
    <div className="stato-actions" role="group" aria-label="Cambia stato" data-testid="bancata-stato-actions">
      {moves.map((to) => {
        const m = BANCATA_MOVE_LABELS[to];
        return (
          <Button
            key={to}
            type="button"
            label={m.label}
            icon={m.icon}
            severity={m.severity}
            outlined={m.severity === 'danger'}
            loading={busy === to}
            disabled={!!busy}
            onClick={() => onMove(to)}
            data-testid={`bancata-move-${to}`}
          />
        );
      })}
    </div>
  );
}
