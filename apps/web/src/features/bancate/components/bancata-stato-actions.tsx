import { BANCATA_TRANSITIONS, type BancataStato } from '@gestcava/contracts';
import { StateActions } from '@/components/detail/state-actions';
import { dangerOutlined } from '@/components/detail/use-state-move';
import { BANCATA_MOVE_LABELS } from './bancata-moves';

/** The bancata's moves from its state (docs/domain.md); the one under way spins. */
export function BancataStatoActions({
  stato,
  onMove,
  busy,
}: {
  stato: BancataStato;
  onMove: (to: BancataStato) => void;
  busy?: BancataStato | null;
}) {
  return (
    <StateActions
      name="bancata"
      moves={BANCATA_TRANSITIONS[stato]}
      moveOf={(to) => dangerOutlined(BANCATA_MOVE_LABELS[to])}
      onMove={onMove}
      busy={!!busy}
      sending={busy}
    />
  );
}
