import '@/components/list/list-table.css';
import { Link } from 'react-router';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { detailPath, FINITURA_LABELS, SCELTA_LABELS, type Giacenze } from '@gestcava/contracts';
import { EmptyState } from '@/components/empty-state';
import { ListTotals } from '@/components/list/list-totals';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import {
  formatArea,
  formatDate,
  formatEuro,
  formatInteger,
  formatWeight,
  labelOf,
} from '@/lib/format';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useGiacenze } from '../api/giacenze';
import { totaliGiacenza } from './giacenze-totali';

type Riga = Giacenze['righe'][number];

const TIPO = { lastre: 'Lastre', pavimenti: 'Pavimenti' } as const;
const sum = (righe: Riga[], f: (r: Riga) => number) => righe.reduce((a, r) => a + f(r), 0);

/**
 * Giacenze: the stock on hand by material, thickness, finish, scelta and place — pieces,
 * m², t and value at list price — and the reservations that end within a week.
 */
export function GiacenzeView() {
  const { user } = useSession();
  const phone = useMediaQuery(CARDS_QUERY);
  const giacenze = useGiacenze();
  const visible = (giacenze.data?.righe ?? []).filter((r) =>
    can(user, r.tipo === 'lastre' ? 'magazzino-lastre' : 'magazzino-pavimenti', 'read'),
  );
  const senzaPrezzo = sum(visible, (r) => r.senzaPrezzo);

  return (
    <>
      <PageHeader title="Giacenze di magazzino" icon="pi pi-chart-bar" />
      <section className="card" aria-label="Giacenze">
        <ListTotals
          label="Totali in giacenza"
          loading={giacenze.isPending}
          items={totaliGiacenza(visible)}
        />
        {senzaPrezzo > 0 && (
          <p className="text-color-secondary">
            {senzaPrezzo === 1
              ? 'Un pacco o lotto non ha un prezzo di listino e vale 0 nel totale.'
              : `${formatInteger(senzaPrezzo)} pacchi o lotti non hanno un prezzo di listino e valgono 0 nel totale.`}
          </p>
        )}
        {giacenze.isError ? (
          <p className="text-color-secondary">Giacenze non disponibili: {giacenze.error.message}</p>
        ) : !giacenze.isPending && visible.length === 0 ? (
          <EmptyState icon="pi pi-inbox" title="Magazzino vuoto">
            <p>Le lastre e i pavimenti arrivano in magazzino quando si completa una lavorazione.</p>
          </EmptyState>
        ) : (
          <DataTable
            value={visible}
            size="small"
            stripedRows
            loading={giacenze.isPending}
            className="list-table"
            responsiveLayout={phone ? 'stack' : undefined}
            breakpoint="768px"
            pt={{ table: { 'aria-label': 'Giacenze' } }}
            data-testid="giacenze-table"
          >
            <Column header="Materiale" body={(r: Riga) => r.materiale.nome} />
            <Column header="Tipo" body={(r: Riga) => TIPO[r.tipo]} />
            <Column
              header="Spessore"
              body={(r: Riga) => `${r.spessoreMm} mm`}
              className="col-nowrap"
            />
            <Column header="Finitura" body={(r: Riga) => labelOf(FINITURA_LABELS, r.finitura)} />
            <Column header="Scelta" body={(r: Riga) => labelOf(SCELTA_LABELS, r.scelta)} />
            <Column header="Ubicazione" body={(r: Riga) => r.ubicazione?.nome ?? '—'} />
            <Column
              header="Pezzi"
              body={(r: Riga) => formatInteger(r.pezzi)}
              className="col-number"
            />
            <Column
              header="m²"
              body={(r: Riga) => formatArea(r.mq)}
              className="col-nowrap col-number"
            />
            <Column
              header="Peso"
              body={(r: Riga) => formatWeight(r.pesoT)}
              className="col-nowrap col-number"
            />
            <Column
              header="Valore"
              body={(r: Riga) => formatEuro(r.valore)}
              className="col-nowrap col-number"
            />
          </DataTable>
        )}
      </section>
      <SectionCard
        titleId="riserve-scadenza-title"
        title="Riserve in scadenza (7 giorni)"
        icon="pi pi-clock"
      >
        {!giacenze.data?.inScadenza.length ? (
          <p className="m-0 text-color-secondary">Nessuna riserva scade nei prossimi 7 giorni.</p>
        ) : (
          <ul
            className="list-none p-0 m-0 flex flex-column gap-2"
            data-testid="riserve-in-scadenza"
          >
            {giacenze.data.inScadenza.map((r) => (
              <li key={`${r.tipo}-${r.item._id}-${r.cliente._id}-${r.scadenza}`}>
                <strong>{formatDate(r.scadenza)}</strong> ·{' '}
                {r.tipo === 'lastra' ? 'Lastra' : 'Lotto'}{' '}
                <Link to={detailPath(r.tipo, r.item._id)}>{r.item.codice}</Link> ·{' '}
                {r.cliente.ragioneSociale}
                {r.tipo === 'lotto' ? ` · ${formatInteger(r.pezzi)} pezzi` : ''}
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
    </>
  );
}
