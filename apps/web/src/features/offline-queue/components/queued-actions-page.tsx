import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useQueuedActions } from '@/lib/offline/active-queue';
import { useOnline } from '@/lib/offline/network';
import type { QueuedAction, QueuedState } from '@/lib/offline/queue';
import { formatDateTime } from '@/lib/format';
import './queued-actions.css';

const STATE_TAGS: Record<
  QueuedState,
  { value: string; severity: 'warning' | 'success' | 'danger' }
> = {
  in_attesa: { value: 'In attesa', severity: 'warning' },
  inviata: { value: 'Inviata', severity: 'success' },
  rifiutata: { value: 'Rifiutata', severity: 'danger' },
};

/**
 * Azioni in attesa: what this device keeps for the user, in the order it will be sent —
 * each with its state (a refused one with the server's reason), "Riprova ora" for one waiting on its
 * backoff and "Elimina dall'elenco" to give one up (not "Scarta", a block's own state).
 */
export function QueuedActionsPage() {
  const { queue, actions } = useQueuedActions();
  const [discarding, setDiscarding] = useState<QueuedAction | null>(null);
  const pending = actions.filter((a) => a.state === 'in_attesa').length;
  const online = useOnline();
  // the refusals are read here: the top bar's notice has done its job
  const unseen = actions.some((a) => a.state === 'rifiutata' && !a.seen);
  useEffect(() => {
    if (unseen) void queue?.markRefusalsSeen();
  }, [unseen, queue]);
  return (
    <>
      <PageHeader title="Azioni in attesa" icon="pi pi-cloud-upload" />
      <p className="mt-0 text-color-secondary" data-testid="queue-intro">
        {pending === 0
          ? 'Nessuna azione da inviare.'
          : online
            ? `${pending === 1 ? '1 azione salvata' : `${pending} azioni salvate`} sul dispositivo: vengono inviate in ordine, una alla volta.`
            : `Non in linea: ${pending === 1 ? "l'azione salvata verrà inviata" : `le ${pending} azioni salvate verranno inviate`} appena torna la rete.`}
      </p>
      {actions.length === 0 ? (
        <EmptyState icon="pi pi-check-circle" title="Tutto inviato">
          Le foto, gli spostamenti, i cambi di stato e le misure di collaudo fatti senza rete
          compaiono qui finché non arrivano al server.
        </EmptyState>
      ) : (
        <ol className="queued-actions" data-testid="queued-actions">
          {actions.map((a) => (
            <li
              key={a.seq}
              className="card queued-action"
              data-testid="queued-action"
              data-state={a.state}
            >
              <div className="queued-action-head">
                <span className="queued-action-label">{a.label}</span>
                <Tag {...STATE_TAGS[a.state]} data-testid="queued-action-state" />
              </div>
              <span className="text-color-secondary">
                {formatDateTime(new Date(a.createdAt))}
                {a.state === 'in_attesa' && a.attempts > 0
                  ? ` · ${a.attempts === 1 ? '1 tentativo' : `${a.attempts} tentativi`}`
                  : ''}
              </span>
              {a.reason && a.state !== 'inviata' && (
                <p
                  className={`m-0 ${a.state === 'rifiutata' ? 'queued-action-refused' : 'text-color-secondary'}`}
                  data-testid="queued-action-reason"
                >
                  {a.reason}
                </p>
              )}
              {a.state !== 'inviata' && (
                <div className="queued-action-buttons">
                  {a.state === 'in_attesa' && (
                    <Button
                      type="button"
                      label="Riprova ora"
                      icon="pi pi-refresh"
                      outlined
                      size="small"
                      onClick={() => void queue?.retryNow(a.seq)}
                      data-testid="queued-action-retry"
                    />
                  )}
                  <Button
                    type="button"
                    label="Elimina dall'elenco"
                    icon="pi pi-trash"
                    severity="danger"
                    outlined
                    size="small"
                    onClick={() => setDiscarding(a)}
                    data-testid="queued-action-discard"
                  />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        visible={discarding !== null}
        title="Eliminare l'azione dall'elenco?"
        confirmLabel="Elimina"
        confirmIcon="pi pi-trash"
        danger
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          if (discarding) void queue?.discard(discarding.seq);
          setDiscarding(null);
        }}
        testId="confirm-discard"
      >
        <p className="mt-0">
          «{discarding?.label}» non verrà inviata e sarà tolta dal dispositivo.
        </p>
      </ConfirmDialog>
    </>
  );
}
