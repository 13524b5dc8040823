import { useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import {
  TARIFFA_CATEGORIA_LABELS,
  TARIFFA_CATEGORIE,
  type Cava,
  type CavaTariffa,
} from '@gestcava/contracts';
import { LoadFailedState } from '@/components/empty-state';
import { DeleteConfirmDialog } from '@/components/confirm-dialog';
import { formatDate, formatNumber } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useCavaTariffe, useDeleteCavaTariffa } from '../api/cava-tariffe';
import { TariffaFormDialog } from './tariffa-form';

const periodo = (t: CavaTariffa) =>
  `dal ${formatDate(t.validoDal)}${t.validoAl ? ` al ${formatDate(t.validoAl)}` : ' (senza scadenza)'}`;

/**
 * A quarry's tariffs for the contributo di estrazione: one row per period, € per
 * tonne by category; the Estrazione report values each item at the tariff of its day.
 */
export function CavaTariffeDialog({ cava, onClose }: { cava: Cava; onClose: () => void }) {
  const list = useCavaTariffe(cava._id);
  const remove = useDeleteCavaTariffa(cava._id);
  const [editing, setEditing] = useState<CavaTariffa | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CavaTariffa | null>(null);

  const actions = (t: CavaTariffa) => (
    <span className="lookup-actions">
      <Button
        type="button"
        icon="pi pi-pencil"
        text
        rounded
        onClick={() => setEditing(t)}
        aria-label={`Modifica le tariffe ${periodo(t)}`}
        data-testid="tariffa-edit"
      />
      <Button
        type="button"
        icon="pi pi-trash"
        text
        rounded
        severity="danger"
        onClick={() => setDeleting(t)}
        aria-label={`Elimina le tariffe ${periodo(t)}`}
        data-testid="tariffa-delete"
      />
    </span>
  );

  return (
    <Dialog
      header={`Tariffe di estrazione — ${cava.nome} (${cava.codice})`}
      visible
      onHide={onClose}
      style={{ width: '60rem' }}
      breakpoints={{ '960px': '100vw' }}
      data-testid="cava-tariffe-dialog"
    >
      <p className="m-0 mb-3 text-color-secondary">
        Euro per tonnellata per il contributo di estrazione, per periodo di validità: il report
        Estrazione applica a ogni blocco e a ogni bancata la tariffa del suo giorno.
      </p>
      <div className="flex justify-content-end mb-2">
        <Button
          type="button"
          label="Nuove tariffe"
          icon="pi pi-plus"
          onClick={() => setEditing('new')}
          data-testid="tariffa-new"
        />
      </div>
      {list.isError ? (
        <LoadFailedState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          value={list.data ?? []}
          dataKey="_id"
          loading={list.isPending}
          size="small"
          stripedRows
          emptyMessage="Nessuna tariffa: aggiungi la prima."
          pt={{ table: { 'aria-label': `Tariffe di ${cava.nome}` } }}
          data-testid="tariffe-table"
        >
          <Column header="Validità" body={periodo} />
          {TARIFFA_CATEGORIE.map((c) => (
            <Column
              key={c}
              header={`${TARIFFA_CATEGORIA_LABELS[c]} €/t`}
              body={(t: CavaTariffa) => formatNumber(t[c], 2)}
              className="text-right"
            />
          ))}
          <Column
            header={<span className="sr-only">Azioni</span>}
            body={actions}
            className="col-nowrap"
          />
        </DataTable>
      )}
      {editing && (
        <TariffaFormDialog
          cavaId={cava._id}
          cavaNome={cava.nome}
          tariffa={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteConfirmDialog
        visible={deleting !== null}
        title="Eliminare le tariffe?"
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => setDeleting(null),
            onError: (error) => {
              setDeleting(null);
              notify({
                severity: 'error',
                summary: 'Eliminazione non riuscita',
                detail: error.message,
              });
            },
          })
        }
        onCancel={() => setDeleting(null)}
        testId="confirm-tariffa-delete"
      >
        <p className="m-0">
          Le tariffe {deleting ? periodo(deleting) : ''} saranno eliminate: il report Estrazione non
          avrà più il contributo di quel periodo.
        </p>
      </DeleteConfirmDialog>
    </Dialog>
  );
}
