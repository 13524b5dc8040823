import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { can, RISPOSTA_LABELS, type CondivisioneNotifica } from '@gestcava/contracts';
import { TopbarCountIcon } from '@/components/topbar-count-icon';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useNotificheRisposte, useSegnaRisposteLette } from '../api/condivisioni';
import './notifiche-risposte.css';

const bloccoPath = (r: CondivisioneNotifica) =>
  `/app/pages/${r.origine === 'esterno' ? 'blocchi-esterni' : 'blocchi'}/${r.bloccoId}`;

/**
 * The top bar's notice of the buyers' answers on the user's own shared links (docs/condivisioni.md
 * "Le risposte"): a button with the unread count, shown only while there are some; it opens the
 * answers, each linking to its block's page (opening one marks it read), and "Segna tutte come lette".
 */
export function NotificheRisposte() {
  const { user } = useSession();
  // whoever may read the links: the route's own permission
  const allowed = can(user, 'collaudi') || can(user, 'blocchi') || can(user, 'clienti');
  const { data } = useNotificheRisposte(allowed);
  const segna = useSegnaRisposteLette();
  const [open, setOpen] = useState(false);
  const count = data?.nonLette ?? 0;
  if (count === 0 && !open) return null;
  const label =
    count === 1
      ? '1 risposta di un cliente da leggere'
      : `${count} risposte dei clienti da leggere`;
  const failed = (e: Error) => notify({ severity: 'error', summary: e.message });
  const readAll = () => segna.mutate({}, { onSuccess: () => setOpen(false), onError: failed });

  return (
    <>
      <button
        type="button"
        className="p-link layout-topbar-button layout-topbar-risposte"
        title={label}
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="topbar-risposte"
      >
        <TopbarCountIcon icon="pi pi-inbox" count={count} testId="risposte-badge" />
      </button>
      <Dialog
        visible={open}
        onHide={() => setOpen(false)}
        header="Risposte dei clienti"
        style={{ width: '32rem' }}
        breakpoints={{ '575px': '95vw' }}
        draggable={false}
        data-testid="risposte-dialog"
        footer={
          <Button
            type="button"
            label="Segna tutte come lette"
            icon="pi pi-check"
            outlined
            disabled={count === 0}
            loading={segna.isPending}
            onClick={readAll}
            data-testid="risposte-lette"
          />
        }
      >
        {data && data.risposte.length > 0 ? (
          <ul className="list-none p-0 m-0 risposte-list" data-testid="risposte-list">
            {data.risposte.map((r) => (
              <li key={r._id}>
                <Link
                  to={bloccoPath(r)}
                  className="risposte-item"
                  onClick={() => {
                    setOpen(false);
                    segna.mutate({ risposte: [r._id] }, { onError: failed });
                  }}
                  data-testid="risposta-item"
                >
                  <span className="risposte-item-head">
                    <strong>Blocco {r.codice}</strong>
                    <span className="text-color-secondary">{formatDateTime(r.at)}</span>
                  </span>
                  <span>
                    {r.cliente}: <strong>{RISPOSTA_LABELS[r.risposta]}</strong>
                  </span>
                  {r.nota && <span className="risposte-item-nota">«{r.nota}»</span>}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="m-0 text-color-secondary">Nessuna risposta da leggere.</p>
        )}
        {data && data.nonLette > data.risposte.length && (
          <p className="mb-0 text-color-secondary">
            e altre {data.nonLette - data.risposte.length}, nella pagina dei blocchi e dei clienti
          </p>
        )}
      </Dialog>
    </>
  );
}
