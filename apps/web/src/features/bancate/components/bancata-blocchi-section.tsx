import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import {
  BANCATA_STATI_CON_BLOCCHI,
  CATEGORIA_LABELS,
  detailPath,
  pesoText,
  SCELTA_LABELS,
  type Bancata,
  type Blocco,
} from '@gestcava/contracts';
import { BloccoStatoTag } from '@/components/stato-tag';
import { ListTotals } from '@/components/list/list-totals';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';
import { formatInteger, formatVolume, formatWeight } from '@/lib/format';
import { formatDims, formatPercentValue } from '@/lib/production-format';
import { PesoBlocco } from '@/components/peso-blocco';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';

/**
 * "Blocchi ricavati": the bancata's blocchi with totals and resa, as a table or, under 768 px, as
 * cards; `newBlocco` (the page's "Nuovo blocco") is offered while the bancata is being squared.
 */
export function BancataBlocchiSection({
  bancata: b,
  blocchi,
  newBlocco,
}: {
  bancata: Bancata;
  blocchi: { data?: Blocco[]; isError: boolean; error: Error | null };
  newBlocco?: ReactNode;
}) {
  const { user } = useSession();
  const canOpenBlocchi = can(user, 'blocchi', 'read');
  const cards = useMediaQuery(CARDS_QUERY);
  const squaring = BANCATA_STATI_CON_BLOCCHI.includes(b.stato);
  const blocchiRows = blocchi.data ?? [];
  const bloccoLink = (x: Blocco) =>
    canOpenBlocchi ? (
      <Link to={detailPath('blocco', x._id)}>{x.codice}</Link>
    ) : (
      <strong>{x.codice}</strong>
    );

  return (
    <section className="card" aria-labelledby="bancata-blocchi-title" data-testid="bancata-blocchi">
      <div className="flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id="bancata-blocchi-title" className="card-title m-0">
          Blocchi ricavati
        </h2>
        {squaring && newBlocco}
      </div>
      <ListTotals
        label="Totali dei blocchi della bancata (informi a parte)"
        items={[
          { label: 'Blocchi', value: formatInteger(b.blocchi.count) },
          { label: 'Volume lordo', value: formatVolume(b.blocchi.volumeLordo) },
          { label: 'Volume netto', value: formatVolume(b.blocchi.volumeNetto) },
          { label: 'Peso', value: formatWeight(b.blocchi.pesoT) },
          // informi count by weight, outside the squared m³ and the yield
          ...(b.blocchiInformi.count > 0
            ? [
                {
                  label: 'Informi',
                  value: `${formatInteger(b.blocchiInformi.count)} · ${formatWeight(b.blocchiInformi.pesoT)}`,
                },
              ]
            : []),
          {
            label: b.stato === 'chiusa' ? 'Resa (alla chiusura)' : 'Resa',
            value: b.resa !== null ? formatPercentValue(b.resa) : '—',
          },
        ]}
      />
      {!squaring && b.blocchi.count === 0 && (
        <p className="m-0 text-color-secondary">
          {b.stato === 'pianificata' || b.stato === 'in_taglio'
            ? 'I blocchi si registrano quando la bancata è ribaltata o in riquadratura.'
            : 'Nessun blocco registrato.'}
        </p>
      )}
      {blocchi.isError && (
        <p className="m-0 text-color-secondary">
          Blocchi non disponibili: {blocchi.error?.message}
        </p>
      )}
      {blocchiRows.length > 0 &&
        (cards ? (
          <ul className="list-cards-items" aria-label="Blocchi della bancata">
            {blocchiRows.map((x) => (
              <li key={x._id} className="list-card" data-testid="bancata-blocco">
                <span className="list-card-head">
                  <span className="list-card-title">{bloccoLink(x)}</span>
                  <BloccoStatoTag stato={x.stato} />
                </span>
                <span className="list-card-line">
                  {x.materiale.nome} · {SCELTA_LABELS[x.scelta]} · {CATEGORIA_LABELS[x.categoria]}
                </span>
                <span className="list-card-line">
                  {formatDims(x.lunghezzaNetta, x.altezzaNetta, x.profonditaNetta)} ·{' '}
                  {formatVolume(x.volumeNetto)} · {pesoText(x.peso)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <DataTable
            value={blocchiRows}
            dataKey="_id"
            size="small"
            stripedRows
            className="list-table"
            pt={{ table: { 'aria-label': 'Blocchi della bancata' } }}
          >
            <Column header="Codice" body={bloccoLink} className="col-nowrap" />
            <Column header="Stato" body={(x: Blocco) => <BloccoStatoTag stato={x.stato} />} />
            <Column
              header="Scelta"
              body={(x: Blocco) => `${SCELTA_LABELS[x.scelta]} · ${CATEGORIA_LABELS[x.categoria]}`}
            />
            <Column
              header="Misure nette"
              body={(x: Blocco) => formatDims(x.lunghezzaNetta, x.altezzaNetta, x.profonditaNetta)}
              className="col-nowrap"
            />
            <Column
              header="Volume netto"
              body={(x: Blocco) => formatVolume(x.volumeNetto)}
              className="col-nowrap col-number"
            />
            <Column
              header="Peso"
              body={(x: Blocco) => <PesoBlocco peso={x.peso} />}
              className="col-nowrap col-number"
            />
          </DataTable>
        ))}
    </section>
  );
}
