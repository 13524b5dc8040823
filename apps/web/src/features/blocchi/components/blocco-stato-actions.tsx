import { BLOCCO_TRANSITIONS, type BloccoStato } from '@gestcava/contracts';
import { StateActions } from '@/components/detail/state-actions';
import { bloccoMoveOf, isOptionMove, webMoves } from './blocco-moves';

/**
 * The manual moves BLOCCO_TRANSITIONS allows from the (effective) state, but shipping (`webMoves`:
 * a DDT ships it). The system moves (in collaudo, in segagione, venduto…) belong to the modules that
 * cause them.
 */
export function BloccoStatoActions({
  stato,
  optionsOnly = false,
  onMove,
  busy,
}: {
  stato: BloccoStato;
  /** only the option moves (a seller with read-only blocchi) */
  optionsOnly?: boolean;
  onMove: (to: BloccoStato) => void;
  busy?: boolean;
}) {
  return (
    <StateActions
      name="blocco"
      moves={
        optionsOnly
          ? BLOCCO_TRANSITIONS[stato].manual.filter((to) => isOptionMove(stato, to))
          : webMoves(stato, BLOCCO_TRANSITIONS[stato].manual)
      }
      moveOf={(to) => {
        const m = bloccoMoveOf(stato, to);
        return {
          label: m.label,
          icon: m.icon,
          severity: m.look === 'danger' ? 'danger' : undefined,
          outlined: m.look !== 'primary',
        };
      }}
      onMove={onMove}
      busy={busy}
    />
  );
}
