import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { AUTOMEZZI_SORT_FIELDS, formatTarga, type Automezzo } from '@gestcava/contracts';
import { ExportButtons } from '@/components/export-buttons';
import { ListPage, ListStatoFilter } from '@/components/list/list-page';
import type { ListColumn } from '@/components/list/list-table';
import { useListPage } from '@/components/list/use-list-page';
import { StatusTag } from '@/components/status-tag';
import { formatInteger, formatNumber } from '@/lib/format';
import { notify } from '@/lib/toast';
import {
  exportAutomezzi,
  useAutomezzi,
  useAutomezziSummary,
  useUpdateAutomezzo,
  type AutomezziFilters,
} from '../api/automezzi';
import { AutomezzoFormDialog } from './automezzo-form';

/** The URL says `stato=attivi|non-attivi`, the API `attivo=true|false`. */
const STATI = [
  { value: 'attivi', label: 'In servizio' },
  { value: 'non-attivi', label: 'Non attivi' },
] as const;
const LIST_CONFIG = {
  sortFields: AUTOMEZZI_SORT_FIELDS,
  defaultSort: 'targa',
  filters: { stato: (v: string) => (STATI.some((s) => s.value === v) ? v : undefined) },
  toFilters: (q: string, f: { stato?: string }): AutomezziFilters => ({
    q: q || undefined,
    attivo: f.stato ? (f.stato === 'attivi' ? 'true' : 'false') : undefined,
  }),
  permission: 'automezzi',
} as const;

const tonnes = (t: number) => `${formatNumber(t)} t`;
const kg = (n: number | null) => (n === null ? '' : `${formatInteger(n)} kg`);

/** The switch that takes a truck out of service (out of the DDT's choice) or back, for who may write. */
function AttivoSwitch({ automezzo, writable }: { automezzo: Automezzo; writable: boolean }) {
  const update = useUpdateAutomezzo(automezzo._id);
  if (!writable) return <StatusTag active={automezzo.attivo} on="In servizio" />;
  const targa = formatTarga(automezzo.targa);
  const toggle = (attivo: boolean) =>
    update.mutate(
      { attivo },
      {
        onSuccess: () =>
          notify({
            severity: 'success',
            summary: attivo ? 'Automezzo rimesso in servizio' : 'Automezzo tolto dal servizio',
            detail: targa,
          }),
        onError: (error) =>
          notify({ severity: 'error', summary: 'Modifica non riuscita', detail: error.message }),
      },
    );
  return (
    <span className="inline-flex align-items-center gap-2" onClick={(e) => e.stopPropagation()}>
      <InputSwitch
        inputId={`attivo-${automezzo._id}`}
        checked={automezzo.attivo}
        disabled={update.isPending}
        onChange={(e) => toggle(e.value === true)}
        aria-label={`In servizio: ${targa}`}
      />
      <label htmlFor={`attivo-${automezzo._id}`}>
        {automezzo.attivo ? 'In servizio' : 'Non attivo'}
      </label>
    </span>
  );
}

/**
 * Anagrafica → Automezzi: the company's trucks, the vettore's truck a DDT names. A short
 * list without a detail page: a row is edited in a dialog and taken out of service with its switch.
 */
export function AutomezziList() {
  const page = useListPage<'stato', AutomezziFilters, Automezzo>(LIST_CONFIG);
  const list = useAutomezzi(page.query);
  const summary = useAutomezziSummary(page.filters);
  const [editing, setEditing] = useState<Automezzo | null>(null);
  const s = summary.data;
  const saved = (summaryText: string) => (truck: Automezzo) => {
    setEditing(null);
    page.setCreating(false);
    notify({
      severity: 'success',
      summary: summaryText,
      detail: `${formatTarga(truck.targa)} — ${truck.descrizione}`,
    });
  };
  const edit = (r: Automezzo) =>
    page.writable && (
      <Button
        type="button"
        icon="pi pi-pencil"
        text
        rounded
        onClick={() => setEditing(r)}
        aria-label={`Modifica ${formatTarga(r.targa)}`}
        data-testid="automezzo-edit"
      />
    );

  const columns: ListColumn<Automezzo>[] = [
    {
      field: 'targa',
      header: 'Targa',
      sortable: true,
      className: 'col-nowrap col-main',
      body: (r) => formatTarga(r.targa),
    },
    { field: 'descrizione', header: 'Descrizione', sortable: true },
    {
      field: 'portataT',
      header: 'Portata',
      sortable: true,
      className: 'col-nowrap text-right',
      body: (r) => tonnes(r.portataT),
    },
    {
      field: 'taraKg',
      header: 'Tara',
      className: 'col-nowrap text-right',
      body: (r) => kg(r.taraKg),
    },
    {
      field: 'attivo',
      header: 'Stato',
      body: (r) => <AttivoSwitch automezzo={r} writable={page.writable} />,
    },
    { field: 'azioni', header: '', className: 'col-nowrap', body: edit },
  ];

  return (
    <>
      <ListPage
        page={page}
        title="Automezzi"
        icon="pi pi-truck"
        actions={
          <ExportButtons
            download={(format) => exportAutomezzi(page.filters, format)}
            fallbackName="automezzi"
          />
        }
        newButton={{ label: 'Nuovo', testId: 'automezzo-new' }}
        label="Elenco automezzi"
        search="Targa o descrizione"
        filters={<ListStatoFilter params={page.params} options={STATI} />}
        totals={{
          label: 'Totali degli automezzi filtrati',
          loading: summary.isPending,
          items: [
            { label: 'Totale', value: formatInteger(s?.totale) },
            { label: 'In servizio', value: formatInteger(s?.attivi) },
            { label: 'Non attivi', value: formatInteger(s?.nonAttivi) },
            { label: 'Portata in servizio', value: s ? tonnes(s.portataAttiviT) : '' },
          ],
        }}
        table={{
          label: 'Automezzi',
          query: list,
          columns,
          rowClassName: (r) => (r.attivo ? '' : 'list-row-inactive'),
          card: (r) => ({
            title: formatTarga(r.targa),
            lines: [
              r.descrizione,
              `Portata ${tonnes(r.portataT)}${r.taraKg === null ? '' : ` · tara ${kg(r.taraKg)}`}`,
              <span className="flex align-items-center justify-content-between" key="azioni">
                <AttivoSwitch automezzo={r} writable={page.writable} />
                {edit(r)}
              </span>,
            ],
          }),
        }}
        empty={{
          noMatch: 'Nessun automezzo',
          icon: 'pi pi-truck',
          title: 'Nessun automezzo registrato',
          text: 'Qui compariranno i camion della ditta, con targa, portata e tara: nei DDT si sceglie il mezzo del trasporto fra quelli in servizio.',
        }}
        createDialog={
          <AutomezzoFormDialog
            record={null}
            onClose={() => page.setCreating(false)}
            onSaved={saved('Automezzo aggiunto')}
          />
        }
      />
      {editing && (
        <AutomezzoFormDialog
          record={editing}
          onClose={() => setEditing(null)}
          onSaved={saved('Modifiche salvate')}
        />
      )}
    </>
  );
}
