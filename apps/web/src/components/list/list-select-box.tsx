import { Checkbox } from 'primereact/checkbox';
import type { ListSelection } from './list-table';

/** A row's box: ticks it in or out of the selection, without opening the row. */
export function SelectBox<T extends { _id: string }>({
  row,
  selection,
}: {
  row: T;
  selection: ListSelection<T>;
}) {
  const checked = selection.selected.some((r) => r._id === row._id);
  return (
    <span
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      className="list-select-box"
    >
      <Checkbox
        inputId={`scegli-${row._id}`}
        checked={checked}
        onChange={(e) =>
          selection.onChange(
            e.checked
              ? [...selection.selected, row]
              : selection.selected.filter((r) => r._id !== row._id),
          )
        }
        aria-label={`Scegli ${selection.name(row)}`}
      />
    </span>
  );
}
