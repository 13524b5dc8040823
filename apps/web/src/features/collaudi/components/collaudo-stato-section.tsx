import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  BLOCCO_STATO_LABELS,
  COLLAUDO_STATO_LABELS,
  COLLAUDO_TRANSITIONS,
  type Collaudo,
  type CollaudoRiga,
  type CollaudoStato,
} from '@gestcava/contracts';
import { StateActions } from '@/components/detail/state-actions';
import { StateMoveSection } from '@/components/detail/state-move-section';
import { useStateMove } from '@/components/detail/use-state-move';
import { isApiError } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/toast';
import { collaudiKeys, useChangeCollaudoStato } from '../api/collaudi';
import { COLLAUDO_MOVES, RIAPRI_MOVE } from './collaudo-format';
import { CollaudoStatoTag } from './collaudo-stato';
import { ConfermaSummaryView } from './conferma-summary';
import { missingOf, type RigaDraft } from './riga-model';

/**
 * The collaudo's state and its moves (COLLAUDO_TRANSITIONS). Before a move the rows' changes are
 * saved; closing it (eseguito, confermato) needs every row judged and every accepted one priced;
 * confirming first shows what is sold to whom and what goes back, cancelling what goes back.
 */
export function CollaudoStatoSection({
  collaudo: c,
  writable,
  saveRows,
  draftOf,
}: {
  collaudo: Collaudo;
  writable: boolean;
  /** saves every row's pending changes: the codes that could not be saved */
  saveRows: () => Promise<string[]>;
  draftOf: (riga: CollaudoRiga) => Pick<RigaDraft, 'esito' | 'prezzo'>;
}) {
  const queryClient = useQueryClient();
  const mutation = useChangeCollaudoStato(c._id);
  const move = useStateMove({
    mutation,
    codice: c.codice,
    labels: COLLAUDO_STATO_LABELS,
    confirm: ['confermato', 'annullato'],
    onError: (error) => {
      if (isApiError(error) && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: collaudiKeys.detail(c._id) });
    },
  });
  const [preparing, setPreparing] = useState<CollaudoStato | null>(null);

  const onMove = async (to: CollaudoStato) => {
    setPreparing(to);
    try {
      const unsaved = await saveRows();
      if (unsaved.length > 0) {
        notify({
          severity: 'warn',
          summary: 'Blocchi non salvati',
          detail: `Correggi e salva prima: ${unsaved.join(', ')}`,
        });
        return;
      }
    } finally {
      setPreparing(null);
    }
    if (to === 'eseguito' || to === 'confermato') {
      const missing = c.righe.flatMap((r) => {
        const why = missingOf(draftOf(r));
        return why ? [`${r.blocco.codice} (${why})`] : [];
      });
      if (c.righe.length === 0) {
        notify({
          severity: 'warn',
          summary: 'Nessun blocco',
          detail: 'Aggiungi i blocchi del collaudo prima di chiuderlo.',
        });
        return;
      }
      if (missing.length > 0) {
        notify({ severity: 'warn', summary: 'Blocchi da completare', detail: missing.join('; ') });
        return;
      }
    }
    move.onMove(to);
  };

  const moves = writable ? COLLAUDO_TRANSITIONS[c.stato] : [];
  const actions = (
    <StateActions
      name="collaudo"
      moves={moves}
      moveOf={(to) => {
        const riapri = c.stato === 'eseguito' && to === 'in_corso';
        const m = riapri ? RIAPRI_MOVE : COLLAUDO_MOVES[to];
        return {
          label: m.label,
          icon: m.icon,
          severity: m.severity,
          outlined: m.severity === 'danger' || riapri,
        };
      }}
      onMove={(to) => void onMove(to)}
      busy={move.busy || preparing !== null}
      sending={move.busy ? move.sending : preparing}
    />
  );

  return (
    <StateMoveSection
      name="collaudo"
      move={move}
      actions={actions}
      confirmation={(to) =>
        to === 'confermato'
          ? {
              title: `Confermare ${c.codice}?`,
              confirmLabel: COLLAUDO_MOVES.confermato.label,
              confirmIcon: COLLAUDO_MOVES.confermato.icon,
              testId: 'confirm-collaudo-conferma',
              body: <ConfermaSummaryView collaudo={c} />,
              note: { id: 'collaudo-conferma-nota', label: 'Nota (facoltativa)' },
            }
          : to === 'annullato'
            ? {
                title: `Annullare ${c.codice}?`,
                confirmLabel: COLLAUDO_MOVES.annullato.label,
                confirmIcon: COLLAUDO_MOVES.annullato.icon,
                danger: true,
                testId: 'confirm-collaudo-annulla',
                body: <AnnullaBody collaudo={c} />,
                note: { id: 'collaudo-annulla-nota', label: 'Motivo (facoltativo)' },
              }
            : null
      }
    >
      <CollaudoStatoTag stato={c.stato} testId="collaudo-stato" />
      <span className="text-color-secondary">{formatDate(c.data)}</span>
    </StateMoveSection>
  );
}

/** What cancelling gives back: each block returns to the state it had before the collaudo. */
function AnnullaBody({ collaudo: c }: { collaudo: Collaudo }) {
  return (
    <>
      {c.righe.length > 0 ? (
        <>
          <p className="mt-0">Nessun blocco sarà venduto; tornano come erano prima del collaudo:</p>
          <ul className="conferma-list" data-testid="annulla-tornano">
            {c.righe.map((r) => (
              <li key={r._id}>
                <span className="conferma-codice">{r.blocco.codice}</span>
                <span>torna {BLOCCO_STATO_LABELS[r.statoPrecedente].toLowerCase()}</span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-0">Il collaudo non ha blocchi.</p>
      )}
      <p className="text-color-secondary">Il collaudo resta nel registro, con il suo storico.</p>
    </>
  );
}
