import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from 'primereact/button';
import type { Trasferimento } from '@gestcava/contracts';
import { SectionCard } from '@/components/section-card';
import { CreaDdtOffer } from '@/components/stock/crea-ddt';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useTrasferimenti } from '../api/trasferimenti';
import { ddtOfTrasferimento } from './trasferimento-ddt';
import { TrasferimentoDialog, type TransferItem } from './trasferimento-dialog';
import { TRASFERIMENTI_PATH } from './trasferimenti-path';
import './trasferimenti.css';

/**
 * On a block's, bundle's or lot's page: where it went (or where it came from) between the group's
 * companies, and the button that transfers it when it may go.
 */
export function TrasferimentiPanel({
  item,
  canTransfer,
}: {
  item: TransferItem;
  canTransfer: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<Trasferimento | null>(null);
  const list = useTrasferimenti({ page: 1, limit: 20, itemId: item.id });
  const items = list.data?.items ?? [];
  if (!canTransfer && items.length === 0) return null;

  return (
    <SectionCard
      titleId={`trasferimenti-${item.id}`}
      title="Ditte del gruppo"
      icon="pi pi-arrow-right-arrow-left"
    >
      {items.length === 0 ? (
        <p className="mt-0 text-color-secondary">Mai trasferito ad altre ditte del gruppo.</p>
      ) : (
        <ul className="trasferimenti-panel-list" data-testid="trasferimenti-panel">
          {items.map((t) => (
            <li key={t._id}>
              {t.direzione === 'uscita' ? (
                <>
                  Trasferito a <strong>{t.destinazione.name}</strong>
                </>
              ) : (
                <>
                  Ricevuto da <strong>{t.origine.name}</strong>
                </>
              )}{' '}
              il {formatDate(t.createdAt)}
              {t.documento && ` · ${t.documento}`}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2 align-items-center">
        {canTransfer && (
          <Button
            type="button"
            label="Trasferisci a una ditta del gruppo"
            icon="pi pi-send"
            outlined
            onClick={() => setOpen(true)}
            data-testid="trasferisci"
          />
        )}
        <Link to={TRASFERIMENTI_PATH}>Tutti i trasferimenti</Link>
      </div>
      {open && (
        <TrasferimentoDialog
          items={[item]}
          onClose={() => setOpen(false)}
          onDone={(t) => {
            setOpen(false);
            setDone(t);
            notify({
              severity: 'success',
              summary: 'Trasferimento registrato',
              detail: `${item.codice} → ${t.destinazione.name}`,
            });
          }}
        />
      )}
      {done && <CreaDdtOffer {...ddtOfTrasferimento(done)} onClose={() => setDone(null)} />}
    </SectionCard>
  );
}
