import type { KeyboardEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTablePageEvent, type DataTableSortEvent } from 'primereact/datatable';
import { Column } from 'primereact/column';
import type { PaginatorPageChangeEvent } from 'primereact/paginator';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { formatInteger } from '@/lib/format';
import { ROWS_PER_PAGE_OPTIONS, type ListParams } from './use-list-params';
import { CARDS_QUERY, useMediaQuery } from './use-media-query';
import { ListCards } from './list-cards';
import { SelectBox } from './list-select-box';
import './list-table.css';
import './list-cards.css';

export interface ListColumn<T> {
  field: string;
  header: string;
  sortable?: boolean;
  body?: (row: T) => ReactNode;
  /** column width or alignment */
  className?: string;
}

/** What the table needs of a list's query (TanStack Query's result has it). */
export interface ListQuery<T> {
  data?: { items: readonly T[]; total: number; totalCapped?: boolean };
  isFetching: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export interface ListTableProps<T extends { _id: string }, F extends string> {
  /** accessible name of the table */
  label: string;
  /** the page of rows: while it fails with nothing to show, the table gives way to the error and "Riprova" */
  query: ListQuery<T>;
  params: ListParams<F>;
  columns: readonly ListColumn<T>[];
  /** the detail page of a row: the first column links to it and a click on the row opens it (none: a list without detail pages) */
  rowLink?: (row: T) => string;
  onOpen?: (row: T) => void;
  /** the card of a row under 768 px: a title and a few lines */
  card: (row: T) => { title: ReactNode; lines: ReactNode[]; badge?: ReactNode };
  /** shown instead of the table when there is nothing to list */
  empty: ReactNode;
  rowClassName?: (row: T) => string;
  /** router state given to the detail links (e.g. the list's search, for its back link) */
  linkState?: unknown;
  /** rows the user can tick (for an action on several: labels, a transfer); `name` labels each box */
  selection?: ListSelection<T>;
  /** the test id of the rows, as a table or as cards */
  testId?: string;
}

export interface ListSelection<T> {
  selected: readonly T[];
  onChange: (rows: T[]) => void;
  name: (row: T) => string;
}

const PAGE_REPORT = '{first}–{last} di {totalRecords}';

/**
 * A server-paged list (docs/screens.md): PrimeReact DataTable in lazy mode, page, rows and sort bound
 * to the URL through `useListParams`; a row click (or Enter on its link) opens the detail page, if
 * the rows have one.
 * Under 768 px the same rows become cards with the same paginator.
 */
export function ListTable<T extends { _id: string }, F extends string>(
  props: ListTableProps<T, F>,
) {
  const { query } = props;
  if (query.isError && !query.data) {
    return (
      <div className="p-message p-component p-message-error" role="alert">
        <div className="p-message-wrapper">
          <i className="pi pi-times-circle p-message-icon" aria-hidden="true" />
          <span className="p-message-detail">
            {query.error?.message}{' '}
            <Button
              type="button"
              label="Riprova"
              link
              onClick={() => void query.refetch()}
              className="p-0"
            />
          </span>
        </div>
      </div>
    );
  }
  return <ListRows {...props} />;
}

function ListRows<T extends { _id: string }, F extends string>(props: ListTableProps<T, F>) {
  const {
    query,
    params,
    columns,
    rowLink,
    onOpen,
    card,
    empty,
    label,
    linkState,
    selection,
    testId,
  } = props;
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const totalCapped = query.data?.totalCapped;
  const loading = query.isFetching;
  const cards = useMediaQuery(CARDS_QUERY);
  const first = (params.page - 1) * params.limit;
  const sortField = params.sort.replace(/^-/, '');
  const sortOrder = params.sort.startsWith('-') ? -1 : 1;
  const totalLabel = totalCapped ? `oltre ${formatInteger(total)}` : formatInteger(total);

  if (!loading && items.length === 0) return <>{empty}</>;

  const onPage = (e: DataTablePageEvent | PaginatorPageChangeEvent) =>
    params.setPage(e.page !== undefined ? e.page + 1 : 1, e.rows);
  const onSort = (e: DataTableSortEvent) => {
    if (!e.sortField) return;
    params.setSort(e.sortOrder === -1 ? `-${e.sortField}` : e.sortField);
  };

  if (cards)
    return (
      <ListCards
        items={items}
        total={total}
        totalLabel={totalLabel}
        loading={loading}
        params={params}
        columns={columns}
        onPage={onPage}
        card={card}
        rowLink={rowLink}
        linkState={linkState}
        selection={selection}
        label={label}
        testId={testId}
      />
    );

  return (
    <DataTable
      value={items as T[]}
      dataKey="_id"
      data-testid={testId}
      lazy
      loading={loading}
      paginator
      first={first}
      rows={params.limit}
      totalRecords={total}
      onPage={onPage}
      sortField={sortField}
      sortOrder={sortOrder}
      onSort={onSort}
      rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]}
      paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport RowsPerPageDropdown"
      currentPageReportTemplate={totalCapped ? `{first}–{last} di ${totalLabel}` : PAGE_REPORT}
      onRowClick={onOpen ? (e) => onOpen(e.data as T) : undefined}
      // memoised cells would keep showing a box as it was when the row first rendered
      cellMemo={!selection}
      rowClassName={(row: T) =>
        `${onOpen ? 'list-row-clickable ' : ''}${props.rowClassName?.(row) ?? ''}`
      }
      stripedRows
      size="small"
      pt={{
        table: { 'aria-label': label },
        paginator: { RPPDropdown: { select: { 'aria-label': 'Righe per pagina' } } },
      }}
      className="list-table"
    >
      {selection && (
        <Column
          header={
            <Checkbox
              checked={
                items.length > 0 &&
                items.every((row) => selection.selected.some((r) => r._id === row._id))
              }
              onChange={(e) =>
                selection.onChange(
                  e.checked
                    ? [
                        ...selection.selected,
                        ...items.filter(
                          (row) => !selection.selected.some((r) => r._id === row._id),
                        ),
                      ]
                    : selection.selected.filter((r) => !items.some((row) => row._id === r._id)),
                )
              }
              aria-label="Scegli tutte le righe della pagina"
            />
          }
          body={(row: T) => <SelectBox row={row} selection={selection} />}
          className="list-select-col"
        />
      )}
      {columns.map((col, index) => (
        <Column
          key={col.field}
          field={col.field}
          header={col.header}
          sortable={col.sortable}
          className={col.className}
          body={(row: T) => {
            const content = col.body
              ? col.body(row)
              : String((row as Record<string, unknown>)[col.field] ?? '');
            if (index !== 0 || !rowLink) return content;
            return (
              <Link
                to={rowLink(row)}
                state={linkState}
                className="list-row-link"
                onClick={(e) => e.stopPropagation()}
                onKeyDown={(e: KeyboardEvent) => e.stopPropagation()}
              >
                {content}
              </Link>
            );
          }}
        />
      ))}
    </DataTable>
  );
}
