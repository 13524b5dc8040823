import { useState } from 'react';
import { Button } from 'primereact/button';
import { CONDIVISIONE_STATO_LABELS, RISPOSTA_LABELS, type Condivisione } from '@gestcava/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SectionCard } from '@/components/section-card';
import { formatDate, formatDateTime } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useCondivisioni, useRevocaCondivisione } from '../api/condivisioni';
import { CondividiDialog, type SharedBlocco } from './condividi-dialog';

/**
 * On a block's or a cliente's page: the links sent (state, visits, answers) with **Revoca**, and on a
 * block's page the **Condividi con il cliente** button.
 */
export function CondivisioniPanel({
  filter,
  share,
  canWrite,
}: {
  filter: { bloccoId: string } | { clienteId: string };
  /** the block the page shows, when it may be shared from here */
  share?: SharedBlocco;
  canWrite: boolean;
}) {
  const list = useCondivisioni(filter);
  const revoca = useRevocaCondivisione();
  const [open, setOpen] = useState(false);
  const [toRevoke, setToRevoke] = useState<Condivisione | null>(null);
  const items = list.data?.items ?? [];
  if (!canWrite && items.length === 0) return null;
  const key = 'bloccoId' in filter ? filter.bloccoId : filter.clienteId;

  return (
    <SectionCard titleId={`condivisioni-${key}`} title="Link condivisi" icon="pi pi-share-alt">
      {items.length === 0 ? (
        <p className="mt-0 text-color-secondary">Nessun link condiviso.</p>
      ) : (
        <ul className="list-none p-0 m-0 flex flex-column gap-3" data-testid="condivisioni-list">
          {items.map((c) => (
            <li key={c._id} className="border-bottom-1 surface-border pb-2">
              <div className="flex flex-wrap gap-2 align-items-center">
                <strong>{c.cliente.ragioneSociale}</strong>
                <span>· {CONDIVISIONE_STATO_LABELS[c.stato]}</span>
                <span>· fino al {formatDate(c.scadenza)}</span>
                <span>· {c.lingua === 'en' ? 'inglese' : 'italiano'}</span>
              </div>
              <div className="text-color-secondary">
                Blocchi {c.blocchi.map((b) => b.codice).join(', ')} · {c.visite}{' '}
                {c.visite === 1 ? 'visita' : 'visite'}
                {c.ultimaVisita && ` (ultima ${formatDateTime(c.ultimaVisita)})`}
              </div>
              {c.risposte.length > 0 && (
                <ul className="mt-1 mb-0 pl-3">
                  {c.risposte.map((r) => (
                    <li key={r._id}>
                      {r.codice}: <strong>{RISPOSTA_LABELS[r.risposta]}</strong>
                      {r.nota && ` — «${r.nota}»`} ({formatDateTime(r.at)})
                    </li>
                  ))}
                </ul>
              )}
              {canWrite && c.stato === 'attiva' && (
                <Button
                  type="button"
                  label="Revoca"
                  icon="pi pi-ban"
                  severity="danger"
                  text
                  size="small"
                  onClick={() => setToRevoke(c)}
                  data-testid="condivisione-revoca"
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {canWrite && share && (
        <Button
          type="button"
          label="Condividi con il cliente"
          icon="pi pi-share-alt"
          outlined
          className="mt-2"
          onClick={() => setOpen(true)}
          data-testid="condividi"
        />
      )}
      {open && share && <CondividiDialog blocchi={[share]} onClose={() => setOpen(false)} />}
      <ConfirmDialog
        visible={toRevoke !== null}
        title="Revocare il link?"
        confirmLabel="Revoca"
        confirmIcon="pi pi-ban"
        danger
        loading={revoca.isPending}
        onCancel={() => setToRevoke(null)}
        onConfirm={() =>
          toRevoke &&
          revoca.mutate(toRevoke._id, {
            onSuccess: () => {
              setToRevoke(null);
              notify({ severity: 'success', summary: 'Link revocato' });
            },
            onError: (e) => notify({ severity: 'error', summary: e.message }),
          })
        }
      >
        {toRevoke &&
          `Il link per ${toRevoke.cliente.ragioneSociale} smette subito di funzionare: chi lo apre vedrà che è stato ritirato.`}
      </ConfirmDialog>
    </SectionCard>
  );
}
