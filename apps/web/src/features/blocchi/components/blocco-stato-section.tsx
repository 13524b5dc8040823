import { BLOCCO_STATO_LABELS, type Blocco } from '@gestcava/contracts';
import { StateMoveSection } from '@/components/detail/state-move-section';
import { CreaDdtButton } from '@/components/stock/crea-ddt';
import { useStateMove } from '@/components/detail/use-state-move';
import { BloccoStatoTag } from '@/components/stato-tag';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useChangeBloccoStatoQueueable, type BloccoKind } from '../api/blocchi';
import { BloccoStatoActions } from './blocco-stato-actions';
import { bloccoMoveOf } from './blocco-moves';
import { OpzioneDialog } from './opzione-dialog';

/**
 * The blocco's state and, for who may write, its manual moves (for a seller with read-only blocchi,
 * the option moves only): opzionare asks for the cliente and the expiry, scartare for a
 * confirmation and a reason, the others go at once. A sold block offers «Crea DDT» to who makes DDTs.
 */
export function BloccoStatoSection({
  kind,
  blocco: b,
  writable,
  canOption,
}: {
  kind: BloccoKind;
  blocco: Blocco;
  writable: boolean;
  canOption: boolean;
}) {
  const mutation = useChangeBloccoStatoQueueable(kind, b);
  const move = useStateMove({
    mutation,
    codice: b.codice,
    labels: BLOCCO_STATO_LABELS,
    confirm: ['opzionato', 'scartato'],
  });

  return (
    <StateMoveSection
      name="blocco"
      move={move}
      actions={
        <>
          {(writable || canOption) && (
            <BloccoStatoActions
              stato={b.stato}
              optionsOnly={!writable}
              onMove={move.onMove}
              busy={move.busy}
            />
          )}
          {b.stato === 'venduto' && b.cliente && (
            <CreaDdtButton party={{ clienteId: b.cliente._id }} items={{ blocchi: [b._id] }} />
          )}
        </>
      }
      confirmation={(to) =>
        to === 'scartato'
          ? {
              title: `Scartare ${b.codice}?`,
              confirmLabel: bloccoMoveOf(b.stato, 'scartato').label,
              confirmIcon: 'pi pi-times',
              danger: true,
              testId: 'confirm-scarta',
              body: (
                <p className="mt-0">
                  Un blocco scartato non si vende e non si lavora più: è una scelta definitiva. Per
                  un difetto che ne abbassa solo il valore usa «Declassa».
                </p>
              ),
              note: { id: 'scarta-nota', label: 'Motivo (facoltativo)' },
            }
          : null
      }
      dialogs={
        move.asking === 'opzionato' && (
          <OpzioneDialog
            kind={kind}
            blocco={b}
            onClose={move.cancel}
            onDone={(saved) => {
              move.cancel();
              notify({
                severity: 'success',
                summary: 'Blocco opzionato',
                detail: `${saved.codice} per ${saved.cliente?.ragioneSociale ?? ''}`,
              });
            }}
          />
        )
      }
    >
      <BloccoStatoTag stato={b.stato} testId="blocco-stato" />
      {b.cliente &&
        (b.stato === 'opzionato' ||
          b.stato === 'venduto' ||
          b.stato === 'spedito' ||
          b.stato === 'in_collaudo') && (
          <span className="opzione-info" data-testid="blocco-cliente">
            <span>per {b.cliente.ragioneSociale}</span>
            {b.stato === 'opzionato' && b.opzioneScadenza && (
              <span>fino al {formatDate(b.opzioneScadenza)}</span>
            )}
          </span>
        )}
    </StateMoveSection>
  );
}
