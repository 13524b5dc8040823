import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { bloccoCodiceOf, casseText, detailPath, FINITURA_LABELS, FINITURE, formatoLabel, LOTTO_SORT_FIELDS, SCELTA_LABELS, SCELTE, type Lotto } from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { ExportButtons } from '@/components/export-buttons';
import { ListSelectionBar } from '@/components/list/list-selection-bar';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { ListSearch } from '@/components/list/list-search';
import { ListTotals } from '@/components/list/list-totals';
import { ListFilters } from '@/components/list/list-filters';
import { ListFilter } from '@/components/list/list-filter';
import { useListParams } from '@/components/list/use-list-params';
import { LookupDropdown } from '@/components/form/lookup-dropdown';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { formatArea, formatInteger, formatWeight } from '@/lib/format';
import { enumFilter, uuidFilter } from '@/lib/list-filter-rules';
import { exportLotti, useLotti, useLottiSummary, type LottoFilters } from '../api/magazzino-pavimenti';

type FilterName = 'materialeId' | 'spessoreMm' | 'finitura' | 'scelta' | 'ubicazioneId' | 'esauriti';
const FILTER_RULES: Record<FilterName, (v: string) => string | undefined> = {
  materialeId: uuidFilter,
  spessoreMm: (v) => (/^\d{1,3}$/.test(v) && Number(v) > 0 ? v : undefined),
  finitura: enumFilter(FINITURE),
  scelta: enumFilter(SCELTE),
  ubicazioneId: uuidFilter,
  esauriti: (v) => (v === 'true' ? v : undefined),
};
const LIST_CONFIG = { sortFields: LOTTO_SORT_FIELDS, defaultSort: '-codice', filters: FILTER_RULES };
const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((v) => ({ value: v, label: labels[v] }));
const SPESSORE_OPTIONS = [10, 12, 15, 20, 30].map((s) => ({ value: String(s), label: `${s} mm` }));

const formatOf = (l: Lotto) => `${formatoLabel(l)} · ${l.spessoreMm} mm · ${FINITURA_LABELS[l.finitura]}`;

/**
 * Magazzino → Pavimenti (DESIGN §4 "Magazzino pavimenti"): the tile lots with stock on hand (one tone
 * per lot), filtered by material, thickness, finish, grade and location, with pieces, m² and t.
 */
export function LottiList({ selectionActions }: { selectionActions?: (lotti: Lotto[], clear: () => void) => ReactNode } = {}) {
  const [selected, setSelected] = useState<Lotto[]>([]);
  const navigate = useNavigate();
  const location = useLocation();
  const params = useListParams<FilterName>(LIST_CONFIG);
  const f = params.filters;
  const filters: LottoFilters = useMemo(
    () => ({ q: params.q || undefined, materialeId: f.materialeId, spessoreMm: f.spessoreMm, finitura: f.finitura as LottoFilters['finitura'], scelta: f.scelta as LottoFilters['scelta'], ubicazioneId: f.ubicazioneId, esauriti: f.esauriti }),
    [params.q, f],
  );
  const list = useLotti({ ...filters, page: params.page, limit: params.limit, sort: params.sort });
  const summary = useLottiSummary(filters);
  const linkState = { listSearch: location.search };
  const s = summary.data;
  const set = (name: FilterName) => (v: string | null | undefined) => params.setFilter(name, v ?? undefined);

  const columns: ListColumn<Lotto>[] = [
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
    { field: 'pezzi', header: 'Pezzi', sortable: true, body: (l) => formatInteger(l.pezzi), className: 'col-number' },
    { field: 'casse', header: 'Casse', body: (l) => casseText(l.pezzi, l.pezziPerCassa), className: 'col-nowrap col-number' },
    { field: 'mq', header: 'm²', sortable: true, body: (l) => formatArea(l.mq), className: 'col-nowrap col-number' },
    { field: 'ubicazione', header: 'Ubicazione', body: (l) => l.ubicazione?.nome ?? '—' },
  ];

  const empty = params.filtered ? (
    <EmptyState icon="pi pi-filter-slash" title="Nessun risultato">
      <p>Nessun lotto corrisponde alla ricerca o ai filtri scelti.</p>
      <Button type="button" label="Azzera ricerca e filtri" icon="pi pi-times" text onClick={params.clear} />
    </EmptyState>
  ) : (
    <EmptyState icon="pi pi-table" title="Nessun lotto in magazzino">
      <p>I lotti arrivano in magazzino quando si completa una lavorazione di pavimenti (Lavorazione → Pavimenti).</p>
    </EmptyState>
  );

  return (
    <>
      <PageHeader title="Magazzino Pavimenti" icon="pi pi-table">
        <Link to="/app/pages/magazzino/giacenze" className="p-button p-button-outlined no-underline" data-testid="link-giacenze">
          <i className="pi pi-chart-bar mr-2" aria-hidden="true" />
          Giacenze
        </Link>
        <ExportButtons download={(format) => exportLotti({ ...filters, sort: params.sort }, format)} fallbackName="lotti" />
      </PageHeader>
      <section className="card" aria-label="Elenco lotti">
        <ListFilters active={Object.keys(f).length} onClear={params.clear} search={<ListSearch value={params.q} onSearch={params.setQ} label="Cerca" placeholder="Codice del lotto o del blocco" />}>
          <ListFilter id="filter-materiale" label="Materiale">
            <LookupDropdown kind="materiali" id="filter-materiale" label="Materiale" value={f.materialeId} onChange={set('materialeId')} placeholder="Tutti" showClear includeInactive />
          </ListFilter>
          <ListFilter id="filter-spessore" label="Spessore">
            <Dropdown inputId="filter-spessore" pt={dropdownPt('Spessore')} value={f.spessoreMm ?? null} options={SPESSORE_OPTIONS} onChange={(e) => set('spessoreMm')(e.value as string | null)} placeholder="Tutti" showClear className="w-full" />
          </ListFilter>
          <ListFilter id="filter-finitura" label="Finitura">
            <Dropdown inputId="filter-finitura" pt={dropdownPt('Finitura')} value={f.finitura ?? null} options={options(FINITURE, FINITURA_LABELS)} onChange={(e) => set('finitura')(e.value as string | null)} placeholder="Tutte" showClear className="w-full" />
          </ListFilter>
          <ListFilter id="filter-scelta" label="Scelta">
            <Dropdown inputId="filter-scelta" pt={dropdownPt('Scelta')} value={f.scelta ?? null} options={options(SCELTE, SCELTA_LABELS)} onChange={(e) => set('scelta')(e.value as string | null)} placeholder="Tutte" showClear className="w-full" />
          </ListFilter>
          <ListFilter id="filter-ubicazione" label="Ubicazione">
            <LookupDropdown kind="ubicazioni" id="filter-ubicazione" label="Ubicazione" value={f.ubicazioneId} onChange={set('ubicazioneId')} placeholder="Tutte" showClear includeInactive />
          </ListFilter>
          <ListFilter id="filter-esauriti" label="Esauriti">
            <div className="checkbox-field">
              <Checkbox inputId="filter-esauriti" checked={f.esauriti === 'true'} onChange={(e) => set('esauriti')(e.checked ? 'true' : null)} />
              <label htmlFor="filter-esauriti">Anche i lotti esauriti</label>
            </div>
          </ListFilter>
        </ListFilters>
        <ListTotals
          label="Totali dei lotti filtrati"
          loading={summary.isPending}
          items={[
            { label: 'Lotti', value: formatInteger(s?.count) },
            { label: 'Pezzi', value: formatInteger(s?.pezzi) },
            { label: 'm²', value: formatArea(s?.mq) },
            { label: 'Peso', value: formatWeight(s?.pesoT) },
          ]}
        />
        {selectionActions && (
          <ListSelectionBar count={selected.length} word={['lotto scelto', 'lotti scelti']} onClear={() => setSelected([])}>
            {selectionActions(selected, () => setSelected([]))}
          </ListSelectionBar>
        )}
        <ListTable
          label="Lotti"
          selection={selectionActions ? { selected, onChange: setSelected, name: (l) => l.codice } : undefined}
          query={list}
          params={params}
          columns={columns}
          rowLink={(l) => detailPath('lotto', l._id)}
          linkState={linkState}
          onOpen={(l) => void navigate(detailPath('lotto', l._id), { state: linkState })}
          card={(l) => ({
            title: l.codice,
            lines: [`${l.materiale.nome} · ${formatOf(l)}`, `${formatInteger(l.pezzi)} pezzi · ${casseText(l.pezzi, l.pezziPerCassa)} · ${formatArea(l.mq)}`, l.ubicazione?.nome ?? ''].filter(Boolean),
          })}
          empty={empty}
        />
      </section>
    </>
  );
}
