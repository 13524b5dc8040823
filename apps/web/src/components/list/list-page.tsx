import type { ReactNode } from 'react';
import type { LookupKind } from '@gestcava/contracts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { LookupDropdown } from '@/components/form/lookup-dropdown';
import { ListFilter } from './list-filter';
import { ListFilters } from './list-filters';
import { ListSearch } from './list-search';
import { ListSelectionBar } from './list-selection-bar';
import { ListTable, type ListTableProps } from './list-table';
import { ListTotals } from './list-totals';
import type { ListPageState } from './use-list-page';
import type { ListParams } from './use-list-params';

export interface ListPageProps<T extends { _id: string }, F extends string, Filters> {
  page: ListPageState<F, Filters, T>;
  title: string;
  icon: string;
  /** the header's buttons before "new" (export, links to other pages) */
  actions?: ReactNode;
  /** the "new" button, for who may write: it opens `createDialog` */
  newButton?: { label: string; testId: string };
  /** instead of `newButton`: a "new" that does something else (e.g. goes to another list) */
  newAction?: ReactNode;
  /** between the header and the list: e.g. the tabs of the lists one page shows in turn */
  tabs?: ReactNode;
  /** the accessible name of the page's section */
  label: string;
  /** the search box's placeholder: with `filters`, the usual toolbar (folded under 768 px) */
  search?: string;
  filters?: ReactNode;
  /** instead of `search` and `filters`: the list's own toolbar */
  toolbar?: ReactNode;
  /** the figures of the filtered set (none when the list has no summary) */
  totals?: {
    items: readonly { label: string; value: ReactNode }[];
    loading: boolean;
    label: string;
  };
  /** rows the user can tick, and what can be done with them (other features' buttons) */
  selection?: {
    word: [singolare: string, plurale: string];
    name: (row: T) => string;
    actions: (rows: T[], clear: () => void) => ReactNode;
  };
  table: Pick<
    ListTableProps<T, F>,
    'label' | 'query' | 'columns' | 'card' | 'rowClassName' | 'testId'
  > & { rowLink?: (row: T) => string };
  /** `noMatch`: "Nessuna segagione", said when the search or filters leave nothing; the rest when there is nothing at all */
  empty: { noMatch: string; icon: string; title: string; text: ReactNode };
  /** shown while the "new" button's dialog is open */
  createDialog?: ReactNode;
}

/**
 * A list page (docs/screens.md "Lists"): header with its buttons and "new", search and filters,
 * totals of the filtered set, the server-paged table (cards on a phone), the empty states and
 * the create dialog. The state comes from `useListPage`.
 */
export function ListPage<T extends { _id: string }, F extends string, Filters>(
  props: ListPageProps<T, F, Filters>,
) {
  const { page, table, selection, empty } = props;
  const { params } = page;
  const newAction =
    props.newAction !== undefined ? (
      props.newAction
    ) : page.writable && props.newButton ? (
      <Button
        type="button"
        label={props.newButton.label}
        icon="pi pi-plus"
        onClick={() => page.setCreating(true)}
        data-testid={props.newButton.testId}
      />
    ) : null;
  const clearSelection = () => page.setSelected([]);
  const { rowLink } = table;

  const emptyState = params.filtered ? (
    <EmptyState icon="pi pi-filter-slash" title="Nessun risultato">
      <p>{empty.noMatch} corrisponde alla ricerca o ai filtri scelti.</p>
      <Button
        type="button"
        label="Azzera ricerca e filtri"
        icon="pi pi-times"
        text
        onClick={params.clear}
      />
    </EmptyState>
  ) : (
    <EmptyState icon={empty.icon} title={empty.title}>
      <p>{empty.text}</p>
      {newAction}
    </EmptyState>
  );

  return (
    <>
      <PageHeader title={props.title} icon={props.icon}>
        {props.actions}
        {newAction}
      </PageHeader>
      {props.tabs}

      <section className="card" aria-label={props.label}>
        {props.toolbar ?? (
          <ListFilters
            active={Object.keys(params.filters).length}
            onClear={params.clear}
            search={
              <ListSearch
                value={params.q}
                onSearch={params.setQ}
                label="Cerca"
                placeholder={props.search}
              />
            }
          >
            {props.filters}
          </ListFilters>
        )}

        {props.totals && (
          <ListTotals
            items={props.totals.items}
            loading={props.totals.loading}
            label={props.totals.label}
          />
        )}

        {selection && (
          <ListSelectionBar
            count={page.selected.length}
            word={selection.word}
            onClear={clearSelection}
          >
            {selection.actions(page.selected, clearSelection)}
          </ListSelectionBar>
        )}

        <ListTable
          {...table}
          params={params}
          rowLink={rowLink}
          linkState={rowLink ? page.linkState : undefined}
          onOpen={rowLink ? (row) => page.open(rowLink(row)) : undefined}
          selection={
            selection
              ? { selected: page.selected, onChange: page.setSelected, name: selection.name }
              : undefined
          }
          empty={emptyState}
        />
      </section>

      {page.creating && props.createDialog}
    </>
  );
}

/** A filter by one of a few values (a state, a thickness, a finish…), or all. */
export function ListOptionFilter<F extends string>({
  params,
  name,
  id = `filter-${name}`,
  label,
  options,
  placeholder,
}: {
  params: Pick<ListParams<F>, 'filters' | 'setFilter'>;
  name: F;
  id?: string;
  label: string;
  options: readonly { value: string; label: string }[];
  placeholder: 'Tutti' | 'Tutte';
}) {
  return (
    <ListFilter id={id} label={label}>
      <Dropdown
        inputId={id}
        pt={dropdownPt(label)}
        value={params.filters[name] ?? null}
        options={[...options]}
        onChange={(e) => params.setFilter(name, (e.value as string | null) ?? undefined)}
        placeholder={placeholder}
        showClear
        className="w-full"
      />
    </ListFilter>
  );
}

/** The "Stato" filter most lists have: one of the record's states, or all. */
export function ListStatoFilter<S extends string>({
  params,
  options,
}: {
  params: Pick<ListParams<'stato'>, 'filters' | 'setFilter'>;
  options: readonly { value: S; label: string }[];
}) {
  return (
    <ListOptionFilter
      params={params}
      name="stato"
      label="Stato"
      options={options}
      placeholder="Tutti"
    />
  );
}

/** A filter by one of the lookup tables (materiale, cava, macchina, ubicazione), inactive entries included. */
export function ListLookupFilter<F extends string>({
  params,
  name,
  kind,
  id,
  label,
  placeholder,
}: {
  params: Pick<ListParams<F>, 'filters' | 'setFilter'>;
  name: F;
  kind: LookupKind;
  id: string;
  label: string;
  placeholder: 'Tutti' | 'Tutte';
}) {
  return (
    <ListFilter id={id} label={label}>
      <LookupDropdown
        kind={kind}
        id={id}
        label={label}
        value={params.filters[name]}
        onChange={(v) => params.setFilter(name, v ?? undefined)}
        placeholder={placeholder}
        showClear
        includeInactive
      />
    </ListFilter>
  );
}
