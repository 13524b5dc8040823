import { SelectButton } from 'primereact/selectbutton';
import type { Trasferimento } from '@gestcava/contracts';
import { ListPage } from '@/components/list/list-page';
import type { ListColumn } from '@/components/list/list-table';
import { useListPage } from '@/components/list/use-list-page';
import { formatDate, formatEuro } from '@/lib/format';
import { enumFilter } from '@/lib/list-filter-rules';
import { useTrasferimenti } from '../api/trasferimenti';
import { TrasferimentoRighe } from './trasferimento-righe';
import './trasferimenti.css';

type Direzione = 'uscita' | 'entrata';
type Filters = { direzione?: Direzione };
const DIREZIONI = [
  { value: 'tutti', label: 'Tutti' },
  { value: 'uscita', label: 'In uscita' },
  { value: 'entrata', label: 'In entrata' },
];
// the server lists the newest first and sorts by nothing else
const LIST_CONFIG = {
  sortFields: [],
  defaultSort: '-createdAt',
  filters: { direzione: enumFilter<Direzione>(['uscita', 'entrata']) },
  toFilters: (_q: string, f: Readonly<Partial<Record<'direzione', string>>>): Filters => ({
    direzione: f.direzione as Direzione | undefined,
  }),
};

const controparte = (t: Trasferimento) =>
  t.direzione === 'uscita' ? `A ${t.destinazione.name}` : `Da ${t.origine.name}`;

const COLUMNS: ListColumn<Trasferimento>[] = [
  {
    field: 'createdAt',
    header: 'Data',
    body: (t) => formatDate(t.createdAt),
    className: 'col-nowrap',
  },
  { field: 'ditta', header: 'Ditta', body: controparte },
  {
    field: 'documento',
    header: 'Documento',
    body: (t) => t.documento ?? '—',
    className: 'col-nowrap',
  },
  { field: 'righe', header: 'Elementi', body: (t) => <TrasferimentoRighe trasferimento={t} /> },
  {
    field: 'totale',
    header: 'Totale',
    body: (t) => formatEuro(t.totale),
    className: 'col-nowrap col-number',
  },
  { field: 'utente', header: 'Da', body: (t) => t.utente?.name ?? '—' },
];

/**
 * The transfers between the group's companies this company is part of (docs/domain.md "Ditte del
 * gruppo"): going out and coming in, each item as this company's own row.
 */
export function TrasferimentiList() {
  const page = useListPage<'direzione', Filters, Trasferimento>(LIST_CONFIG);
  const { params } = page;
  const list = useTrasferimenti({ page: params.page, limit: params.limit, ...page.filters });
  const direzione = params.filters.direzione ?? 'tutti';

  return (
    <ListPage
      page={page}
      title="Trasferimenti tra ditte del gruppo"
      icon="pi pi-arrow-right-arrow-left"
      label="Elenco trasferimenti"
      toolbar={
        <div className="mb-3">
          <SelectButton
            value={direzione}
            // the theme fills every option: the ones not chosen are outlined, as in the photo gallery
            options={DIREZIONI.map((o) => ({
              ...o,
              className: o.value === direzione ? undefined : 'p-button-outlined',
            }))}
            allowEmpty={false}
            onChange={(e) =>
              params.setFilter(
                'direzione',
                e.value === 'tutti' ? undefined : (e.value as Direzione),
              )
            }
            aria-label="Direzione"
          />
        </div>
      }
      table={{
        label: 'Trasferimenti',
        testId: 'trasferimenti-list',
        query: list,
        columns: COLUMNS,
        card: (t) => ({
          title: `${controparte(t)} · ${formatDate(t.createdAt)}`,
          lines: [
            `${t.documento ? `${t.documento} · ` : ''}${formatEuro(t.totale)}`,
            <TrasferimentoRighe key="righe" trasferimento={t} />,
          ],
        }),
      }}
      empty={{
        noMatch: 'Nessun trasferimento',
        icon: 'pi pi-arrow-right-arrow-left',
        title: 'Nessun trasferimento',
        text: 'Un blocco, un pacco o un lotto si trasferisce a un’altra ditta del gruppo dalla sua scheda («Trasferisci a una ditta del gruppo»).',
      }}
    />
  );
}
