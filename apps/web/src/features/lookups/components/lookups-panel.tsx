import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { LOOKUP_KINDS, LOOKUP_LABELS, type LookupKind } from '@gestcava/contracts';
import { LoadFailedState } from '@/components/empty-state';
import { DeleteConfirmDialog, DeleteConflictDialog } from '@/components/confirm-dialog';
import { StatusTag } from '@/components/status-tag';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';
import { isApiError } from '@/lib/api';
import { formatNumber } from '@/lib/format';
import { isLookupActive, useLookups, type LookupRecord } from '@/lib/lookups';
import { notify } from '@/lib/toast';
import { useDeleteLookup, useUpdateLookup } from '../api/lookups';
import { ACTIVE_FLAG, LOOKUP_FIELDS } from './lookup-fields';
import { LookupFormDialog } from './lookup-form';
import { CavaTariffeDialog } from './cava-tariffe-dialog';
import './lookups.css';

type Row = LookupRecord[LookupKind];
type Ask = { kind: 'delete'; row: Row } | { kind: 'conflict'; row: Row; message: string } | null;

const DESCRIPTIONS: Record<LookupKind, string> = {
  cave: 'Le cave della ditta: le bancate nascono qui, la galleria foto filtra per cava; con € le tariffe del contributo di estrazione.',
  materiali:
    'Le varietà di marmo e pietra, con la densità che dà il peso teorico di bancate e blocchi.',
  ubicazioni: 'Dove stanno i blocchi: piazzali, cavalletti, scaffali, terzisti, clienti.',
  macchine:
    'Telai e multifili della segheria, con lo spessore di taglio e il rifilo per il calcolo della resa.',
};

function valueText(row: Row, name: string): string {
  const field = LOOKUP_FIELDS.cave
    .concat(LOOKUP_FIELDS.materiali, LOOKUP_FIELDS.ubicazioni, LOOKUP_FIELDS.macchine)
    .find((f) => f.name === name);
  const value = (row as unknown as Record<string, unknown>)[name];
  if (value === null || value === undefined || value === '') return '—';
  if (field?.type === 'select')
    return field.options?.find((o) => o.value === value)?.label ?? String(value);
  if (typeof value === 'number')
    return `${formatNumber(value, field?.decimals ?? undefined)}${field?.unit ? ` ${field.unit}` : ''}`;
  return String(value);
}

function nameOf(row: Row): string {
  return 'codice' in row ? `${row.nome} (${row.codice})` : row.nome;
}

/** Impostazioni → Anagrafiche di base (admin): the four lookups, one at a time, with create, edit, delete. */
export function LookupsPanel() {
  const [search, setSearch] = useSearchParams();
  const voce = search.get('voce');
  const kind: LookupKind = (LOOKUP_KINDS as readonly string[]).includes(voce ?? '')
    ? (voce as LookupKind)
    : 'cave';
  const setKind = (next: LookupKind) =>
    setSearch(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set('voce', next);
        return p;
      },
      { replace: true },
    );

  return (
    <div className="lookups-panel" data-testid="lookups-panel">
      <div className="lookups-kinds" role="group" aria-label="Tabella da modificare">
        {LOOKUP_KINDS.map((k) => (
          <Button
            key={k}
            type="button"
            label={LOOKUP_LABELS[k].plurale}
            outlined={k !== kind}
            aria-pressed={k === kind}
            onClick={() => setKind(k)}
            data-testid={`lookups-kind-${k}`}
          />
        ))}
      </div>
      <LookupTable key={kind} kind={kind} />
    </div>
  );
}

function LookupTable({ kind }: { kind: LookupKind }) {
  const labels = LOOKUP_LABELS[kind];
  const list = useLookups(kind);
  const update = useUpdateLookup(kind);
  const remove = useDeleteLookup(kind);
  const cards = useMediaQuery(CARDS_QUERY);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [ask, setAsk] = useState<Ask>(null);
  const [tariffe, setTariffe] = useState<LookupRecord['cave'] | null>(null);
  const flag = ACTIVE_FLAG[kind];
  const columns = LOOKUP_FIELDS[kind].filter((f) => f.type !== 'bool');
  const rows = useMemo(
    () => [...(list.data ?? [])].sort((a, b) => a.nome.localeCompare(b.nome, 'it')) as Row[],
    [list.data],
  );

  const doDelete = (row: Row) =>
    remove.mutate(row._id, {
      onSuccess: () => {
        setAsk(null);
        notify({ severity: 'success', summary: 'Voce eliminata', detail: nameOf(row) });
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409)
          setAsk({ kind: 'conflict', row, message: error.message });
        else {
          setAsk(null);
          notify({
            severity: 'error',
            summary: 'Eliminazione non riuscita',
            detail: error.message,
          });
        }
      },
    });
  const deactivate = (row: Row) =>
    update.mutate(
      { id: row._id, body: { [flag]: false } },
      {
        onSuccess: () => {
          setAsk(null);
          notify({ severity: 'success', summary: 'Voce disattivata', detail: nameOf(row) });
        },
        onError: (error) => {
          setAsk(null);
          notify({ severity: 'error', summary: 'Operazione non riuscita', detail: error.message });
        },
      },
    );

  const actions = (row: Row) => (
    <span className="lookup-actions">
      {kind === 'cave' && (
        <Button
          type="button"
          icon="pi pi-euro"
          text
          rounded
          onClick={() => setTariffe(row as LookupRecord['cave'])}
          aria-label={`Tariffe di estrazione di ${nameOf(row)}`}
          data-testid="lookup-tariffe"
        />
      )}
      <Button
        type="button"
        icon="pi pi-pencil"
        text
        rounded
        onClick={() => setEditing(row)}
        aria-label={`Modifica ${nameOf(row)}`}
        data-testid="lookup-edit"
      />
      <Button
        type="button"
        icon="pi pi-trash"
        text
        rounded
        severity="danger"
        onClick={() => setAsk({ kind: 'delete', row })}
        aria-label={`Elimina ${nameOf(row)}`}
        data-testid="lookup-delete"
      />
    </span>
  );

  if (list.isError) {
    return <LoadFailedState message={list.error.message} onRetry={() => void list.refetch()} />;
  }

  return (
    <section aria-labelledby={`lookups-title-${kind}`}>
      <div className="lookups-head">
        <div>
          <h2 id={`lookups-title-${kind}`} className="card-title m-0">
            {labels.plurale}
          </h2>
          <p className="m-0 mt-1 text-color-secondary">{DESCRIPTIONS[kind]}</p>
        </div>
        <Button
          type="button"
          label="Nuova voce"
          icon="pi pi-plus"
          onClick={() => setEditing('new')}
          data-testid="lookup-new"
        />
      </div>

      {cards ? (
        <ul className="list-cards-items" aria-label={labels.plurale} aria-busy={list.isPending}>
          {rows.map((row) => (
            <li key={row._id} className="list-card" data-testid="lookup-card">
              <span className="list-card-head">
                <span className="list-card-title">{nameOf(row)}</span>
                {!isLookupActive(row) && <StatusTag active={false} />}
              </span>
              {columns
                .filter((c) => c.name !== 'nome' && c.name !== 'codice')
                .map((c) => (
                  <span key={c.name} className="list-card-line">
                    {c.label}: {valueText(row, c.name)}
                  </span>
                ))}
              <span className="lookup-card-actions">{actions(row)}</span>
            </li>
          ))}
          {!list.isPending && rows.length === 0 && (
            <li className="text-color-secondary">Nessuna voce: aggiungi la prima.</li>
          )}
        </ul>
      ) : (
        <DataTable
          value={rows}
          dataKey="_id"
          loading={list.isPending}
          size="small"
          stripedRows
          emptyMessage="Nessuna voce: aggiungi la prima."
          pt={{ table: { 'aria-label': labels.plurale } }}
          data-testid="lookups-table"
        >
          {columns.map((c) => (
            <Column
              key={c.name}
              field={c.name}
              header={c.label}
              body={(row: Row) => valueText(row, c.name)}
            />
          ))}
          <Column
            header="Stato"
            body={(row: Row) => (
              <StatusTag
                active={isLookupActive(row)}
                on={flag === 'attiva' ? 'Attiva' : 'Attivo'}
                off={flag === 'attiva' ? 'Non attiva' : 'Non attivo'}
              />
            )}
          />
          <Column
            header={<span className="sr-only">Azioni</span>}
            body={actions}
            className="col-nowrap"
          />
        </DataTable>
      )}

      {editing && (
        <LookupFormDialog
          kind={kind}
          record={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            notify({
              severity: 'success',
              summary: created ? 'Voce aggiunta' : 'Modifiche salvate',
              detail: nameOf(saved),
            });
          }}
        />
      )}

      {tariffe && <CavaTariffeDialog cava={tariffe} onClose={() => setTariffe(null)} />}

      <DeleteConfirmDialog
        visible={ask?.kind === 'delete'}
        title="Eliminare la voce?"
        loading={remove.isPending}
        onConfirm={() => ask && doDelete(ask.row)}
        onCancel={() => setAsk(null)}
        testId="confirm-lookup-delete"
      >
        <p className="m-0">
          <strong>{ask ? nameOf(ask.row) : ''}</strong> sarà eliminata. Se bancate o blocchi la
          usano non si può eliminare: in quel caso puoi disattivarla.
        </p>
      </DeleteConfirmDialog>
      <DeleteConflictDialog
        visible={ask?.kind === 'conflict'}
        message={ask?.kind === 'conflict' ? ask.message : ''}
        consequence="Una voce disattivata resta sui dati che la usano ma non compare più tra le scelte."
        loading={update.isPending}
        onDeactivate={() => ask && deactivate(ask.row)}
        onCancel={() => setAsk(null)}
        testId="confirm-lookup-conflict"
      />
    </section>
  );
}
