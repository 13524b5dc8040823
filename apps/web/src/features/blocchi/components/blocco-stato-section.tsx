import { useState } from 'react';
import { BLOCCO_STATO_LABELS, type Blocco, type BloccoStato } from '@gestcava/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { BloccoStatoTag, StatoPanel } from '@/components/stato-tag';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useChangeBloccoStato, type BloccoKind } from '../api/blocchi';
import { BloccoStatoActions } from './blocco-stato-actions';
import { bloccoMoveOf } from './blocco-moves';
import { OpzioneDialog } from './opzione-dialog';
import { SectionCard } from '@/components/section-card';
import { MoveNote } from '@/components/form/move-note';

/**
 * The blocco's state and, for who may write, its manual moves (for a seller with read-only blocchi,
 * the option moves only): opzionare asks for the cliente and the expiry, scartare for a
 * confirmation and a reason, the others go at once.
 */
export function BloccoStatoSection({ kind, blocco: b, writable, canOption }: { kind: BloccoKind; blocco: Blocco; writable: boolean; canOption: boolean }) {
  const move = useChangeBloccoStato(kind, b._id);
  const [ask, setAsk] = useState<'opzione' | 'scartato' | null>(null);
  const [nota, setNota] = useState('');

  const closeAsk = () => {
    setAsk(null);
    setNota('');
  };
  const doMove = (to: BloccoStato, note?: string) =>
    move.mutate(
      { stato: to, nota: note?.trim() ? note.trim() : null },
      {
        onSuccess: () => {
          closeAsk();
          notify({ severity: 'success', summary: 'Stato aggiornato', detail: `${b.codice}: ${BLOCCO_STATO_LABELS[to]}` });
        },
        onError: (error) => {
          closeAsk();
          notify({ severity: 'error', summary: 'Cambio di stato non riuscito', detail: error.message });
        },
      },
    );
  const onMove = (to: BloccoStato) => {
    if (to === 'opzionato') setAsk('opzione');
    else if (to === 'scartato') setAsk('scartato');
    else doMove(to);
  };

  return (
    <SectionCard titleId="blocco-stato-title" title="Stato">
      <StatoPanel actions={(writable || canOption) && <BloccoStatoActions stato={b.stato} optionsOnly={!writable} onMove={onMove} busy={move.isPending} />}>
        <BloccoStatoTag stato={b.stato} testId="blocco-stato" />
        {b.cliente && (b.stato === 'opzionato' || b.stato === 'venduto' || b.stato === 'spedito' || b.stato === 'in_collaudo') && (
          <span className="opzione-info" data-testid="blocco-cliente">
            <span>per {b.cliente.ragioneSociale}</span>
            {b.stato === 'opzionato' && b.opzioneScadenza && <span>fino al {formatDate(b.opzioneScadenza)}</span>}
          </span>
        )}
      </StatoPanel>

      {ask === 'opzione' && (
        <OpzioneDialog
          kind={kind}
          blocco={b}
          onClose={closeAsk}
          onDone={(saved) => {
            closeAsk();
            notify({ severity: 'success', summary: 'Blocco opzionato', detail: `${saved.codice} per ${saved.cliente?.ragioneSociale ?? ''}` });
          }}
        />
      )}
      <ConfirmDialog
        visible={ask === 'scartato'}
        title={`Scartare ${b.codice}?`}
        confirmLabel={bloccoMoveOf(b.stato, 'scartato').label}
        confirmIcon="pi pi-times"
        danger
        loading={move.isPending}
        onConfirm={() => doMove('scartato', nota)}
        onCancel={closeAsk}
        testId="confirm-scarta"
      >
        <p className="mt-0">Un blocco scartato non si vende e non si lavora più: è una scelta definitiva. Per un difetto che ne abbassa solo il valore usa «Declassa».</p>
        <MoveNote id="scarta-nota" label="Motivo (facoltativo)" value={nota} onChange={setNota} />
      </ConfirmDialog>
    </SectionCard>
  );
}
