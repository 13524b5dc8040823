import { Button } from 'primereact/button';
import { BLOCCO_TRANSITIONS, type BloccoStato } from '@gestcava/contracts';
import { bloccoMoveOf } from './blocco-moves';

/**
 * One button per manual move BLOCCO_TRANSITIONS allows from the (effective) state, none otherwise.
 * The system moves (in collaudo, in segagione, venduto…) belong to the modules that cause them.
 */
export function BloccoStatoActions({
  stato,
  onMove,
  busy,
}: {
  stato: BloccoStato;
  onMove: (to: BloccoStato) => void;
  busy?: boolean;
}) {
  const moves = BLOCCO_TRANSITIONS[stato].manual;
  if (moves.length === 0) return null;
  return (
    <div className="stato-actions" role="group" aria-label="Cambia stato" data-testid="blocco-stato-actions">
      {moves.map((to) => {
        const m = bloccoMoveOf(stato, to);
        return (
          <Button
            key={to}
            type="button"
            label={m.label}
            icon={m.icon}
            severity={m.look === 'danger' ? 'danger' : undefined}
            outlined={m.look !== 'primary'}
            disabled={busy}
            onClick={() => onMove(to)}
            data-testid={`blocco-move-${to}`}
          />
        );
      })}
    </div>
  );
}
