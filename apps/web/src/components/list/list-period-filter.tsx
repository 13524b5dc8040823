import { DateInput } from '@/components/form/date-input';
import { ListFilter } from './list-filter';
import type { ListParams } from './use-list-params';

/** The `dal` … `al` pair of a list's filters: each day bounds the other, an empty one clears its filter. */
export function ListPeriodFilter({
  params,
  fromLabel = 'Dal',
}: {
  params: Pick<ListParams<'dal' | 'al'>, 'filters' | 'setFilter'>;
  fromLabel?: string;
}) {
  return (
    <>
      <ListFilter id="filter-dal" label={fromLabel} className="list-filter-date">
        <DateInput
          id="filter-dal"
          value={params.filters.dal}
          onChange={(v) => params.setFilter('dal', v ?? undefined)}
          max={params.filters.al}
        />
      </ListFilter>
      <ListFilter id="filter-al" label="al" className="list-filter-date">
        <DateInput
          id="filter-al"
          value={params.filters.al}
          onChange={(v) => params.setFilter('al', v ?? undefined)}
          min={params.filters.dal}
        />
      </ListFilter>
    </>
  );
}
