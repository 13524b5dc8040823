import { BANCATA_TRANSITIONS, type BancataStato } from '@gestcava/contracts';
import { StateActions } from '@/components/detail/state-actions';
import { BANCATA_MOVE_LABELS } from './bancata-moves';

/** The bancata's moves from its state (DESIGN §4); the one under way spins. */
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
      moveOf={(to) => {
        const m = BANCATA_MOVE_LABELS[to];
        return { label: m.label, icon: m.icon, severity: m.severity, outlined: m.severity === 'danger' };
      }}
      onMove={onMove}
      busy={!!busy}
      sending={busy}
    />
  );
}
