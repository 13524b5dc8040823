import { detailPath, LASTRA_SORT_FIELDS, SCELTA_LABELS, type Lastra } from '@gestcava/contracts';
import type { ListColumn } from '@/components/list/list-table';
import { useListPage } from '@/components/list/use-list-page';
import { formatArea, formatInteger } from '@/lib/format';
import { useLastre, useLastreSummary, type LastraFilters } from '../api/magazzino-lastre';
import { LastraStatoTag } from './lastra-stato';
import { LastreSelectionActions } from './pacco-actions';
import { STOCK_FILTER_RULES, type StockFilterName } from './stock-filter-rules';
import { EMPTY_TEXT, lastraFilters, measures, type SelectionActions } from './stock-lists';
import { StockListPage } from './stock-list-page';

const LASTRE_CONFIG = {
  sortFields: LASTRA_SORT_FIELDS,
  defaultSort: '-codice',
  filters: STOCK_FILTER_RULES,
  toFilters: lastraFilters,
  permission: 'magazzino-lastre' as const,
};

const LASTRE_COLUMNS: ListColumn<Lastra>[] = [
  { field: 'codice', header: 'Lastra', sortable: true, className: 'col-nowrap' },
  {
    field: 'stato',
    header: 'Stato',
    sortable: true,
    body: (l) => <LastraStatoTag stato={l.stato} />,
  },
  {
    field: 'pacco',
    header: 'Materiale e pacco',
    body: (l) => (
      <span className="cell-two-lines">
        <span>{l.materiale.nome}</span>
        <span className="text-color-secondary">{l.pacco.codice}</span>
      </span>
    ),
  },
  {
    field: 'misure',
    header: 'Misure (mm)',
    body: (l) => `${formatInteger(l.lunghezzaMm)} × ${formatInteger(l.altezzaMm)}`,
    className: 'col-nowrap',
  },
  {
    field: 'spessoreMm',
    header: 'Spessore e finitura',
    sortable: true,
    body: measures,
    className: 'col-nowrap',
  },
  { field: 'scelta', header: 'Scelta', body: (l) => SCELTA_LABELS[l.scelta] },
  {
    field: 'mq',
    header: 'm²',
    sortable: true,
    body: (l) => formatArea(l.mq),
    className: 'col-nowrap col-number',
  },
  { field: 'ubicazione', header: 'Ubicazione', body: (l) => l.ubicazione?.nome ?? '—' },
];

/**
 * The slabs' tab: each slab with its state; ticked ones can be reserved, sold, released or moved
 * together (with write on the page), beside other features' buttons.
 */
export function LastreList({ selectionActions }: { selectionActions: SelectionActions }) {
  const page = useListPage<StockFilterName, LastraFilters, Lastra>(LASTRE_CONFIG);
  const list = useLastre(page.query);
  const summary = useLastreSummary(page.filters);
  const { writable } = page;
  return (
    <StockListPage
      tab="lastre"
      page={page}
      placeholder="Codice della lastra, del pacco o del blocco"
      summary={summary}
      selection={
        writable || selectionActions
          ? {
              word: ['lastra scelta', 'lastre scelte'],
              name: (l) => l.codice,
              actions: (lastre, clear) => (
                <>
                  {writable && (
                    <LastreSelectionActions lastre={lastre} onDone={clear} showCount={false} />
                  )}
                  {selectionActions?.(lastre, clear)}
                </>
              ),
            }
          : undefined
      }
      table={{
        label: 'Lastre',
        query: list,
        columns: LASTRE_COLUMNS,
        rowLink: (l) => detailPath('lastra', l._id),
        card: (l) => ({
          title: l.codice,
          badge: <LastraStatoTag stato={l.stato} />,
          lines: [
            `${l.materiale.nome} · pacco ${l.pacco.codice}`,
            `${formatInteger(l.lunghezzaMm)} × ${formatInteger(l.altezzaMm)} mm · ${measures(l)}`,
            `${formatArea(l.mq)} · ${SCELTA_LABELS[l.scelta]}${l.ubicazione ? ` · ${l.ubicazione.nome}` : ''}`,
          ],
        }),
      }}
      empty={{
        noMatch: 'Nessuna lastra',
        icon: 'pi pi-clone',
        title: 'Nessuna lastra in magazzino',
        text: EMPTY_TEXT,
      }}
    />
  );
}
