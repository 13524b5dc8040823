import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BLOCCO_STATO_LABELS, COLLAUDO_STATO_LABELS, COLLAUDO_TRANSITIONS, type Collaudo, type CollaudoRiga, type CollaudoStato } from '@gestcava/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { StateActions } from '@/components/detail/state-actions';
import { MoveNote } from '@/components/form/move-note';
import { SectionCard } from '@/components/section-card';
import { StatoPanel } from '@/components/stato-tag';
import { isApiError } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/toast';
import { collaudiKeys, useChangeCollaudoStato } from '../api/collaudi';
import { COLLAUDO_MOVES, RIAPRI_MOVE } from './collaudo-format';
import { CollaudoStatoTag } from './collaudo-stato';
import { ConfermaSummaryView } from './conferma-summary';
import { missingOf, type RigaDraft } from './riga-model';

type Asking = 'confermato' | 'annullato' | null;

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
  const move = useChangeCollaudoStato(c._id);
  const [asking, setAsking] = useState<Asking>(null);
  const [nota, setNota] = useState('');
  const [preparing, setPreparing] = useState<CollaudoStato | null>(null);

  const doMove = (to: CollaudoStato) =>
    move.mutate(
      { stato: to, nota: nota.trim() ? nota.trim() : null },
      {
        onSuccess: (saved) => {
          setAsking(null);
          setNota('');
          notify({ severity: 'success', summary: 'Stato aggiornato', detail: `${saved.codice}: ${COLLAUDO_STATO_LABELS[saved.stato]}` });
        },
        onError: (error) => {
          setAsking(null);
          notify({ severity: 'error', summary: 'Cambio di stato non riuscito', detail: error.message });
          if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: collaudiKeys.detail(c._id) });
        },
      },
    );

  const onMove = async (to: CollaudoStato) => {
    setPreparing(to);
    try {
      const unsaved = await saveRows();
      if (unsaved.length > 0) {
        notify({ severity: 'warn', summary: 'Blocchi non salvati', detail: `Correggi e salva prima: ${unsaved.join(', ')}` });
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
        notify({ severity: 'warn', summary: 'Nessun blocco', detail: 'Aggiungi i blocchi del collaudo prima di chiuderlo.' });
        return;
      }
      if (missing.length > 0) {
        notify({ severity: 'warn', summary: 'Blocchi da completare', detail: missing.join('; ') });
        return;
      }
    }
    if (to === 'confermato' || to === 'annullato') setAsking(to);
    else doMove(to);
  };

  const moves = writable ? COLLAUDO_TRANSITIONS[c.stato] : [];
  const actions = (
    <StateActions
      name="collaudo"
      moves={moves}
      moveOf={(to) => {
        const riapri = c.stato === 'eseguito' && to === 'in_corso';
        const m = riapri ? RIAPRI_MOVE : COLLAUDO_MOVES[to];
        return { label: m.label, icon: m.icon, severity: m.severity, outlined: m.severity === 'danger' || riapri };
      }}
      onMove={(to) => void onMove(to)}
      busy={move.isPending || preparing !== null}
      sending={move.isPending ? (move.variables?.stato ?? null) : preparing}
    />
  );

  const cancel = () => {
    setAsking(null);
    setNota('');
  };

  return (
    <SectionCard titleId="collaudo-stato-title" title="Stato">
      <StatoPanel actions={actions}>
        <CollaudoStatoTag stato={c.stato} testId="collaudo-stato" />
        <span className="text-color-secondary">{formatDate(c.data)}</span>
      </StatoPanel>
      <ConfirmDialog
        visible={asking === 'confermato'}
        title={`Confermare ${c.codice}?`}
        confirmLabel={COLLAUDO_MOVES.confermato.label}
        confirmIcon={COLLAUDO_MOVES.confermato.icon}
        loading={move.isPending}
        onConfirm={() => doMove('confermato')}
        onCancel={cancel}
        testId="confirm-collaudo-conferma"
      >
        <ConfermaSummaryView collaudo={c} />
        <MoveNote id="collaudo-conferma-nota" label="Nota (facoltativa)" value={nota} onChange={setNota} />
      </ConfirmDialog>
      <ConfirmDialog
        visible={asking === 'annullato'}
        title={`Annullare ${c.codice}?`}
        confirmLabel={COLLAUDO_MOVES.annullato.label}
        confirmIcon={COLLAUDO_MOVES.annullato.icon}
        danger
        loading={move.isPending}
        onConfirm={() => doMove('annullato')}
        onCancel={cancel}
        testId="confirm-collaudo-annulla"
      >
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
        <MoveNote id="collaudo-annulla-nota" label="Motivo (facoltativo)" value={nota} onChange={setNota} />
      </ConfirmDialog>
    </SectionCard>
  );
}
