import { BANCATA_STATO_LABELS, type Bancata } from '@gestcava/contracts';
import { StateMoveSection } from '@/components/detail/state-move-section';
import { useStateMove } from '@/components/detail/use-state-move';
import { BancataStatoTag } from '@/components/stato-tag';
import { formatPercentValue } from '@/lib/production-format';
import { useChangeBancataStato } from '../api/bancate';
import { BancataStatoActions } from './bancata-stato-actions';
import { BANCATA_MOVE_LABELS, BANCATA_MOVES_TO_CONFIRM } from './bancata-moves';

/** The bancata's state and, for who may write, its moves; closing and annulling ask first. */
export function BancataStatoSection({
  bancata: b,
  writable,
}: {
  bancata: Bancata;
  writable: boolean;
}) {
  const mutation = useChangeBancataStato(b._id);
  const move = useStateMove({
    mutation,
    codice: b.codice,
    labels: BANCATA_STATO_LABELS,
    confirm: BANCATA_MOVES_TO_CONFIRM,
  });

  return (
    <StateMoveSection
      name="bancata"
      move={move}
      actions={
        writable && <BancataStatoActions stato={b.stato} onMove={move.onMove} busy={move.sending} />
      }
      confirmation={(to) => ({
        title: to === 'chiusa' ? 'Chiudere la bancata?' : 'Annullare la bancata?',
        confirmLabel: BANCATA_MOVE_LABELS[to].label,
        confirmIcon: BANCATA_MOVE_LABELS[to].icon,
        danger: to === 'annullata',
        testId: 'confirm-bancata-move',
        body: (
          <p className="mt-0">
            {to === 'chiusa'
              ? `Chiudi ${b.codice} quando tutti i suoi blocchi sono registrati: la resa (${b.resa !== null ? formatPercentValue(b.resa) : '—'}) resta quella di adesso e non si aggiungono altri blocchi.`
              : `${b.codice} non sarà più lavorata: resta nel registro della cava, con il suo storico.`}
          </p>
        ),
        note: { id: 'bancata-move-nota', label: 'Nota (facoltativa)' },
      })}
    >
      <BancataStatoTag stato={b.stato} testId="bancata-stato" />
      {b.stato === 'chiusa' && (
        <span className="text-color-secondary">Resa congelata alla chiusura</span>
      )}
    </StateMoveSection>
  );
}
