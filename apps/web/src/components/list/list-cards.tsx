import { useId } from 'react';
import { Link } from 'react-router';
import { Paginator, type PaginatorPageChangeEvent } from 'primereact/paginator';
import type { ListColumn, ListTableProps } from './list-table';
import { SelectBox } from './list-select-box';
import type { ListParams } from './use-list-params';

/** A sort by a field no column shows: the record's creation or last change, newest first by default. */
function hiddenSortLabel(sort: string): string {
  const desc = sort.startsWith('-');
  const field = sort.replace(/^-/, '');
  const name =
    field === 'createdAt' ? 'Inserimento' : field === 'updatedAt' ? 'Ultima modifica' : field;
  return `${name} (${desc ? 'più recenti prima' : 'meno recenti prima'})`;
}

/**
 * The list under 768 px: each row a card (title, badge, a few lines) linking to its detail page, the
 * sort as a select (the columns' headers, each way), the same paginator as the table's.
 */
export function ListCards<T extends { _id: string }, F extends string>({
  items,
  total,
  totalLabel,
  loading,
  params,
  columns,
  onPage,
  card,
  rowLink,
  linkState,
  selection,
  label,
  testId,
}: {
  items: readonly T[];
  total: number;
  /** the total as the page report says it ("oltre 10.000" when capped) */
  totalLabel: string;
  loading: boolean;
  params: ListParams<F>;
  columns: readonly ListColumn<T>[];
  onPage: (e: PaginatorPageChangeEvent) => void;
} & Pick<
  ListTableProps<T, F>,
  'card' | 'rowLink' | 'linkState' | 'selection' | 'label' | 'testId'
>) {
  const sortId = useId();
  const first = (params.page - 1) * params.limit;
  const sortField = params.sort.replace(/^-/, '');
  const sortable = columns.filter((c) => c.sortable);
  return (
    <div className="list-cards" aria-busy={loading}>
      {sortable.length > 0 && (
        <div className="list-cards-sort">
          <label htmlFor={sortId}>Ordina per</label>
          <select
            id={sortId}
            className="p-inputtext p-component"
            value={params.sort}
            onChange={(e) => params.setSort(e.target.value)}
          >
            {/* the list's own default order (newest first) may be of no column: named, never shown as another */}
            {!sortable.some((c) => c.field === sortField) && (
              <option value={params.sort}>{hiddenSortLabel(params.sort)}</option>
            )}
            {sortable.flatMap((c) => [
              <option key={c.field} value={c.field}>
                {c.header} (crescente)
              </option>,
              <option key={`-${c.field}`} value={`-${c.field}`}>
                {c.header} (decrescente)
              </option>,
            ])}
          </select>
        </div>
      )}
      <ul className="list-cards-items" aria-label={label} data-testid={testId}>
        {items.map((row) => {
          const c = card(row);
          const content = (
            <>
              <span className="list-card-head">
                <span className="list-card-title">{c.title}</span>
                {c.badge}
              </span>
              {c.lines.map((line, i) => (
                <span className="list-card-line" key={i}>
                  {line}
                </span>
              ))}
            </>
          );
          return (
            <li key={row._id} className={selection ? 'list-card-selectable' : undefined}>
              {selection && <SelectBox row={row} selection={selection} />}
              {rowLink ? (
                <Link
                  to={rowLink(row)}
                  state={linkState}
                  className="list-card"
                  data-testid="list-card"
                >
                  {content}
                </Link>
              ) : (
                <div className="list-card" data-testid="list-card">
                  {content}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <Paginator
        first={first}
        rows={params.limit}
        totalRecords={total}
        onPageChange={onPage}
        template="PrevPageLink CurrentPageReport NextPageLink"
        currentPageReportTemplate={`{first}–{last} di ${totalLabel}`}
      />
    </div>
  );
}
