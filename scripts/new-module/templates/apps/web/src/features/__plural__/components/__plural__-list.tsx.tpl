import { __PLURAL___SORT_FIELDS, detailPath, type __Singular__ } from '@gestcava/contracts';
import { ExportButtons } from '@/components/export-buttons';
import { ListPage, ListStatoFilter } from '@/components/list/list-page';
import type { ListColumn } from '@/components/list/list-table';
import { useListPage } from '@/components/list/use-list-page';
import { StatusTag } from '@/components/status-tag';
import { formatInteger } from '@/lib/format';
import {
  export__Plural__,
  use__Plural__,
  use__Plural__Summary,
  type __Plural__Filters,
} from '../api/__plural__';
import { __Singular__FormDialog } from './__singular__-form';

/** The URL says `stato=attivi|non-attivi`, the API `attivo=true|false`. */
const STATI = [
  { value: 'attivi', label: 'Attivi' },
  { value: 'non-attivi', label: 'Non attivi' },
] as const;
const LIST_CONFIG = {
  sortFields: __PLURAL___SORT_FIELDS,
  defaultSort: 'nome',
  filters: { stato: (v: string) => (STATI.some((s) => s.value === v) ? v : undefined) },
  toFilters: (q: string, f: { stato?: string }): __Plural__Filters => ({
    q: q || undefined,
    attivo: f.stato ? (f.stato === 'attivi' ? 'true' : 'false') : undefined,
  }),
  permission: '__plural__',
} as const;

const detailOf = (r: { _id: string }) => detailPath('__singular__', r._id);

/** __label__: the list page (docs/screens.md "How pages behave"). */
export function __Plural__List() {
  const page = useListPage<'stato', __Plural__Filters, __Singular__>(LIST_CONFIG);
  const list = use__Plural__(page.query);
  const summary = use__Plural__Summary(page.filters);
  const s = summary.data;

  const columns: ListColumn<__Singular__>[] = [
    { field: 'nome', header: 'Nome', sortable: true, className: 'col-main' },
    { field: 'note', header: 'Note', body: (r) => r.note ?? '' },
    { field: 'attivo', header: 'Stato', body: (r) => <StatusTag active={r.attivo} /> },
  ];

  return (
    <ListPage
      page={page}
      title="__label__"
      icon="pi pi-list"
      actions={
        <ExportButtons
          download={(format) => export__Plural__(page.filters, format)}
          fallbackName="__plural__"
        />
      }
      newButton={{ label: 'Nuovo', testId: '__singular__-new' }}
      label="Elenco __labelLower__"
      search="Nome o note"
      filters={<ListStatoFilter params={page.params} options={STATI} />}
      totals={{
        label: 'Totali dei filtrati',
        loading: summary.isPending,
        items: [
          { label: 'Totale', value: formatInteger(s?.totale) },
          { label: 'Attivi', value: formatInteger(s?.attivi) },
        ],
      }}
      table={{
        label: '__label__',
        query: list,
        columns,
        rowLink: detailOf,
        rowClassName: (r) => (r.attivo ? '' : 'list-row-inactive'),
        card: (r) => ({ title: r.nome, lines: [r.note ?? '', r.attivo ? 'Attivo' : 'Non attivo'] }),
      }}
      empty={{
        noMatch: '__nessuno__ __labelSingularLower__',
        icon: 'pi pi-list',
        title: '__nessuno__ __labelSingularLower__ __registrato__',
        text: 'Qui compariranno i dati di __labelLower__: aggiungi il primo con «Nuovo».',
      }}
      createDialog={
        <__Singular__FormDialog
          record={null}
          onClose={() => page.setCreating(false)}
          onSaved={(r) =>
            page.created(detailOf(r), { summary: '__labelSingular__ __aggiunto__', detail: r.nome })
          }
        />
      }
    />
  );
}
