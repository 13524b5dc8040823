import { useState } from 'react';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Paginator } from 'primereact/paginator';
import { SelectButton } from 'primereact/selectbutton';
import type { Trasferimento } from '@gestcava/contracts';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';
import { formatDate, formatEuro } from '@/lib/format';
import { useTrasferimenti, type TrasferimentiParams } from '../api/trasferimenti';
import { TrasferimentoRighe } from './trasferimento-righe';
import '@/components/list/list-cards.css';
import './trasferimenti.css';

const LIMIT = 20;
const DIREZIONI = [
  { value: 'tutti', label: 'Tutti' },
  { value: 'uscita', label: 'In uscita' },
  { value: 'entrata', label: 'In entrata' },
];

const controparte = (t: Trasferimento) => (t.direzione === 'uscita' ? `A ${t.destinazione.name}` : `Da ${t.origine.name}`);

/**
 * The transfers between the group's companies this company is part of (DESIGN §4 "Ditte del
 * gruppo"): going out and coming in, each item as this company's own row.
 */
export function TrasferimentiList() {
  const [direzione, setDirezione] = useState<'tutti' | 'uscita' | 'entrata'>('tutti');
  const [page, setPage] = useState(1);
  const params: TrasferimentiParams = { page, limit: LIMIT, ...(direzione === 'tutti' ? {} : { direzione }) };
  const list = useTrasferimenti(params);
  const phone = useMediaQuery(CARDS_QUERY);
  const items = list.data?.items ?? [];

  return (
    <>
      <PageHeader title="Trasferimenti tra ditte del gruppo" icon="pi pi-arrow-right-arrow-left" />
      <section className="card" aria-label="Elenco trasferimenti">
        <div className="mb-3">
          <SelectButton
            value={direzione}
            // the theme fills every option: the ones not chosen are outlined, as in the photo gallery
            options={DIREZIONI.map((o) => ({ ...o, className: o.value === direzione ? undefined : 'p-button-outlined' }))}
            allowEmpty={false}
            onChange={(e) => {
              setDirezione(e.value as typeof direzione);
              setPage(1);
            }}
            aria-label="Direzione"
          />
        </div>
        {list.isError ? (
          <p className="text-color-secondary">Trasferimenti non disponibili: {list.error.message}</p>
        ) : !list.isPending && items.length === 0 ? (
          <EmptyState icon="pi pi-arrow-right-arrow-left" title="Nessun trasferimento">
            <p>Un blocco, un pacco o un lotto si trasferisce a un’altra ditta del gruppo dalla sua scheda («Trasferisci a una ditta del gruppo»).</p>
          </EmptyState>
        ) : phone ? (
          <ul className="list-cards-items" aria-label="Trasferimenti" data-testid="trasferimenti-list">
            {items.map((t) => (
              <li key={t._id} className="list-card">
                <strong>
                  {controparte(t)} · {formatDate(t.createdAt)}
                </strong>
                <span className="text-color-secondary">
                  {t.documento && `${t.documento} · `}
                  {formatEuro(t.totale)}
                </span>
                <TrasferimentoRighe trasferimento={t} />
              </li>
            ))}
          </ul>
        ) : (
          <DataTable value={items} dataKey="_id" size="small" stripedRows loading={list.isFetching} className="list-table" pt={{ table: { 'aria-label': 'Trasferimenti' } }} data-testid="trasferimenti-list">
            <Column header="Data" body={(t: Trasferimento) => formatDate(t.createdAt)} className="col-nowrap" />
            <Column header="Ditta" body={controparte} />
            <Column header="Documento" field="documento" className="col-nowrap" />
            <Column header="Elementi" body={(t: Trasferimento) => <TrasferimentoRighe trasferimento={t} />} />
            <Column header="Totale" body={(t: Trasferimento) => formatEuro(t.totale)} className="col-nowrap col-number" />
            <Column header="Da" body={(t: Trasferimento) => t.utente?.name ?? '—'} />
          </DataTable>
        )}
        {(list.data?.total ?? 0) > LIMIT && <Paginator first={(page - 1) * LIMIT} rows={LIMIT} totalRecords={list.data?.total ?? 0} onPageChange={(e) => setPage(e.page + 1)} />}
      </section>
    </>
  );
}
