import {
  bloccoCodiceOf,
  detailPath,
  PACCO_SORT_FIELDS,
  scelteText,
  type Pacco,
} from '@gestcava/contracts';
import type { ListColumn } from '@/components/list/list-table';
import { useListPage } from '@/components/list/use-list-page';
import { formatArea, formatInteger, formatWeight } from '@/lib/format';
import { usePacchi, usePacchiSummary, type PaccoFilters } from '../api/magazzino-lastre';
import { STOCK_FILTER_RULES, type StockFilterName } from './stock-filter-rules';
import { EMPTY_TEXT, measures, paccoFilters, type SelectionActions } from './stock-lists';
import { StockListPage } from './stock-list-page';

const PACCHI_CONFIG = {
  sortFields: PACCO_SORT_FIELDS,
  defaultSort: '-codice',
  filters: STOCK_FILTER_RULES,
  toFilters: paccoFilters,
};
const PACCHI_COLUMNS: ListColumn<Pacco>[] = [
  { field: 'codice', header: 'Pacco', sortable: true, className: 'col-nowrap' },
  {
    field: 'materiale',
    header: 'Materiale e blocco',
    body: (p) => (
      <span className="cell-two-lines">
        <span>{p.materiale.nome}</span>
        <span className="text-color-secondary">{bloccoCodiceOf(p)}</span>
      </span>
    ),
  },
  {
    field: 'spessoreMm',
    header: 'Spessore e finitura',
    sortable: true,
    body: (p) => `${measures(p)}${p.resinatura ? ' · resinato' : ''}`,
    className: 'col-nowrap',
  },
  { field: 'scelta', header: 'Scelta', body: (p) => scelteText(p) },
  {
    field: 'nLastre',
    header: 'Lastre',
    sortable: true,
    body: (p) => formatInteger(p.nLastre),
    className: 'col-number',
  },
  {
    field: 'mq',
    header: 'm²',
    sortable: true,
    body: (p) => formatArea(p.mq),
    className: 'col-nowrap col-number',
  },
  {
    field: 'pesoT',
    header: 'Peso',
    body: (p) => formatWeight(p.pesoT),
    className: 'col-nowrap col-number',
  },
  { field: 'ubicazione', header: 'Ubicazione', body: (p) => p.ubicazione?.nome ?? '—' },
];

/** The bundles' tab: whole bundles with their slabs' count, m² and weight. */
export function PacchiList({ selectionActions }: { selectionActions: SelectionActions }) {
  const page = useListPage<StockFilterName, PaccoFilters, Pacco>(PACCHI_CONFIG);
  const list = usePacchi(page.query);
  const summary = usePacchiSummary(page.filters);
  return (
    <StockListPage
      tab="pacchi"
      page={page}
      placeholder="Codice del pacco o del blocco"
      summary={summary}
      selection={
        selectionActions && {
          word: ['pacco scelto', 'pacchi scelti'],
          name: (p) => p.codice,
          actions: selectionActions,
        }
      }
      table={{
        label: 'Pacchi',
        query: list,
        columns: PACCHI_COLUMNS,
        rowLink: (p) => detailPath('pacco', p._id),
        card: (p) => ({
          title: p.codice,
          lines: [
            `${p.materiale.nome} · blocco ${bloccoCodiceOf(p) ?? '—'}`,
            `${measures(p)} · ${scelteText(p)}`,
            `${formatInteger(p.nLastre)} lastre · ${formatArea(p.mq)} · ${formatWeight(p.pesoT)}${p.ubicazione ? ` · ${p.ubicazione.nome}` : ''}`,
          ],
        }),
      }}
      empty={{
        noMatch: 'Nessun pacco',
        icon: 'pi pi-box',
        title: 'Nessun pacco in magazzino',
        text: EMPTY_TEXT,
      }}
    />
  );
}
