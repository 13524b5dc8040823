import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Checkbox } from 'primereact/checkbox';
import {
  bloccoCodiceOf,
  casseText,
  detailPath,
  FINITURA_LABELS,
  FINITURE,
  formatoLabel,
  LOTTO_SORT_FIELDS,
  SCELTA_LABELS,
  SCELTE,
  type Lotto,
} from '@gestcava/contracts';
import { ExportButtons } from '@/components/export-buttons';
import type { ListColumn } from '@/components/list/list-table';
import { ListFilter } from '@/components/list/list-filter';
import { ListLookupFilter, ListOptionFilter, ListPage } from '@/components/list/list-page';
import { useListPage } from '@/components/list/use-list-page';
import { formatArea, formatInteger, formatWeight } from '@/lib/format';
import { enumFilter, uuidFilter } from '@/lib/list-filter-rules';
import {
  exportLotti,
  useLotti,
  useLottiSummary,
  type LottoFilters,
} from '../api/magazzino-pavimenti';

type FilterName =
  'materialeId' | 'spessoreMm' | 'finitura' | 'scelta' | 'ubicazioneId' | 'esauriti';
const FILTER_RULES: Record<FilterName, (v: string) => string | undefined> = {
  materialeId: uuidFilter,
  spessoreMm: (v) => (/^\d{1,3}$/.test(v) && Number(v) > 0 ? v : undefined),
  finitura: enumFilter(FINITURE),
  scelta: enumFilter(SCELTE),
  ubicazioneId: uuidFilter,
  esauriti: (v) => (v === 'true' ? v : undefined),
};
const LIST_CONFIG = {
  sortFields: LOTTO_SORT_FIELDS,
  defaultSort: '-codice',
  filters: FILTER_RULES,
};
const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((v) => ({ value: v, label: labels[v] }));
const SPESSORE_OPTIONS = [10, 12, 15, 20, 30].map((s) => ({ value: String(s), label: `${s} mm` }));

const formatOf = (l: Lotto) =>
  `${formatoLabel(l)} · ${l.spessoreMm} mm · ${FINITURA_LABELS[l.finitura]}`;
const detailOf = (l: Lotto) => detailPath('lotto', l._id);

const COLUMNS: ListColumn<Lotto>[] = [
  { field: 'codice', header: 'Lotto', sortable: true, className: 'col-nowrap' },
  {
    field: 'materiale',
    header: 'Materiale e blocco',
    body: (l) => (
      <span className="cell-two-lines">
        <span>{l.materiale.nome}</span>
        <span className="text-color-secondary">{bloccoCodiceOf(l) ?? l.lavorazione?.codice}</span>
      </span>
    ),
  },
  { field: 'lunghezzaMm', header: 'Formato', body: formatOf },
  { field: 'scelta', header: 'Scelta', body: (l) => SCELTA_LABELS[l.scelta] },
  {
    field: 'pezzi',
    header: 'Pezzi',
    sortable: true,
    body: (l) => formatInteger(l.pezzi),
    className: 'col-number',
  },
  {
    field: 'casse',
    header: 'Casse',
    body: (l) => casseText(l.pezzi, l.pezziPerCassa),
    className: 'col-nowrap col-number',
  },
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
 * Magazzino → Pavimenti (docs/domain.md "Magazzino pavimenti"): the tile lots with stock on hand (one tone
 * per lot), filtered by material, thickness, finish, grade and location, with pieces, m² and t.
 */
export function LottiList({
  selectionActions,
}: { selectionActions?: (lotti: Lotto[], clear: () => void) => ReactNode } = {}) {
  const page = useListPage<FilterName, LottoFilters, Lotto>(LIST_CONFIG);
  const { params } = page;
  const f = params.filters;
  const list = useLotti(page.query);
  const summary = useLottiSummary(page.filters);
  const s = summary.data;
  const set = (name: FilterName) => (v: string | null | undefined) =>
    params.setFilter(name, v ?? undefined);

  return (
    <ListPage
      page={page}
      title="Magazzino Pavimenti"
      icon="pi pi-table"
      actions={
        <>
          <Link
            to="/app/pages/magazzino/giacenze"
            className="p-button p-button-outlined no-underline"
            data-testid="link-giacenze"
          >
            <i className="pi pi-chart-bar mr-2" aria-hidden="true" />
            Giacenze
          </Link>
          <ExportButtons
            download={(format) => exportLotti({ ...page.filters, sort: params.sort }, format)}
            fallbackName="lotti"
          />
        </>
      }
      label="Elenco lotti"
      search="Codice del lotto o del blocco"
      filters={
        <>
          <ListLookupFilter
            params={params}
            name="materialeId"
            kind="materiali"
            id="filter-materiale"
            label="Materiale"
            placeholder="Tutti"
          />
          <ListOptionFilter
            params={params}
            name="spessoreMm"
            id="filter-spessore"
            label="Spessore"
            options={SPESSORE_OPTIONS}
            placeholder="Tutti"
          />
          <ListOptionFilter
            params={params}
            name="finitura"
            label="Finitura"
            options={options(FINITURE, FINITURA_LABELS)}
            placeholder="Tutte"
          />
          <ListOptionFilter
            params={params}
            name="scelta"
            label="Scelta"
            options={options(SCELTE, SCELTA_LABELS)}
            placeholder="Tutte"
          />
          <ListLookupFilter
            params={params}
            name="ubicazioneId"
            kind="ubicazioni"
            id="filter-ubicazione"
            label="Ubicazione"
            placeholder="Tutte"
          />
          <ListFilter id="filter-esauriti" label="Esauriti">
            <div className="checkbox-field">
              <Checkbox
                inputId="filter-esauriti"
                checked={f.esauriti === 'true'}
                onChange={(e) => set('esauriti')(e.checked ? 'true' : null)}
              />
              <label htmlFor="filter-esauriti">Anche i lotti esauriti</label>
            </div>
          </ListFilter>
        </>
      }
      totals={{
        label: 'Totali dei lotti filtrati',
        loading: summary.isPending,
        items: [
          { label: 'Lotti', value: formatInteger(s?.count) },
          { label: 'Pezzi', value: formatInteger(s?.pezzi) },
          { label: 'm²', value: formatArea(s?.mq) },
          { label: 'Peso', value: formatWeight(s?.pesoT) },
        ],
      }}
      selection={
        selectionActions && {
          word: ['lotto scelto', 'lotti scelti'],
          name: (l) => l.codice,
          actions: selectionActions,
        }
      }
      table={{
        label: 'Lotti',
        query: list,
        columns: COLUMNS,
        rowLink: detailOf,
        card: (l) => ({
          title: l.codice,
          lines: [
            `${l.materiale.nome} · ${formatOf(l)}`,
            `${formatInteger(l.pezzi)} pezzi · ${casseText(l.pezzi, l.pezziPerCassa)} · ${formatArea(l.mq)}`,
            l.ubicazione?.nome ?? '',
          ].filter(Boolean),
        }),
      }}
      empty={{
        noMatch: 'Nessun lotto',
        icon: 'pi pi-table',
        title: 'Nessun lotto in magazzino',
        text: 'I lotti arrivano in magazzino quando si completa una lavorazione di pavimenti (Lavorazione → Pavimenti).',
      }}
    />
  );
}
