import { useState } from 'react';
import { BANCATA_STATO_LABELS, type Bancata, type BancataStato } from '@gestcava/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { BancataStatoTag, StatoPanel } from '@/components/stato-tag';
import { formatPercentValue } from '@/lib/production-format';
import { notify } from '@/lib/toast';
import { useChangeBancataStato } from '../api/bancate';
import { BancataStatoActions } from './bancata-stato-actions';
import { BANCATA_MOVE_LABELS, BANCATA_MOVES_TO_CONFIRM } from './bancata-moves';
import { SectionCard } from '@/components/section-card';
import { MoveNote } from '@/components/form/move-note';

/** The bancata's state and, for who may write, its moves; closing and annulling ask first. */
export function BancataStatoSection({ bancata: b, writable }: { bancata: Bancata; writable: boolean }) {
  const move = useChangeBancataStato(b._id);
  const [confirmMove, setConfirmMove] = useState<BancataStato | null>(null);
  const [nota, setNota] = useState('');

  const doMove = (to: BancataStato, note?: string) =>
    move.mutate(
      { stato: to, nota: note?.trim() ? note.trim() : null },
      {
        onSuccess: () => {
          setConfirmMove(null);
          setNota('');
          notify({ severity: 'success', summary: 'Stato aggiornato', detail: `${b.codice}: ${BANCATA_STATO_LABELS[to]}` });
        },
        onError: (error) => {
          setConfirmMove(null);
          notify({ severity: 'error', summary: 'Cambio di stato non riuscito', detail: error.message });
        },
      },
    );
  const onMove = (to: BancataStato) => {
    if (BANCATA_MOVES_TO_CONFIRM.includes(to)) setConfirmMove(to);
    else doMove(to);
  };

  return (
    <SectionCard titleId="bancata-stato-title" title="Stato">
      <StatoPanel actions={writable && <BancataStatoActions stato={b.stato} onMove={onMove} busy={move.isPending ? (move.variables?.stato ?? null) : null} />}>
        <BancataStatoTag stato={b.stato} testId="bancata-stato" />
        {b.stato === 'chiusa' && <span className="text-color-secondary">Resa congelata alla chiusura</span>}
      </StatoPanel>

      <ConfirmDialog
        visible={confirmMove !== null}
        title={confirmMove === 'chiusa' ? 'Chiudere la bancata?' : 'Annullare la bancata?'}
        confirmLabel={confirmMove ? BANCATA_MOVE_LABELS[confirmMove].label : ''}
        confirmIcon={confirmMove ? BANCATA_MOVE_LABELS[confirmMove].icon : undefined}
        danger={confirmMove === 'annullata'}
        loading={move.isPending}
        onConfirm={() => confirmMove && doMove(confirmMove, nota)}
        onCancel={() => {
          setConfirmMove(null);
          setNota('');
        }}
        testId="confirm-bancata-move"
      >
        <p className="mt-0">
          {confirmMove === 'chiusa'
            ? `Chiudi ${b.codice} quando tutti i suoi blocchi sono registrati: la resa (${b.resa !== null ? formatPercentValue(b.resa) : '—'}) resta quella di adesso e non si aggiungono altri blocchi.`
            : `${b.codice} non sarà più lavorata: resta nel registro della cava, con il suo storico.`}
        </p>
        <MoveNote id="bancata-move-nota" label="Nota (facoltativa)" value={nota} onChange={setNota} />
      </ConfirmDialog>
    </SectionCard>
  );
}
