import { useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { BLOCCO_SORT_FIELDS, CATEGORIA_LABELS, SCELTA_LABELS, type BloccoListItem } from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { ExportButtons } from '@/components/export-buttons';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { ListSelectionBar } from '@/components/list/list-selection-bar';
import { ListTotals } from '@/components/list/list-totals';
import { useListParams } from '@/components/list/use-list-params';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';
import { BloccoStatoTag } from '@/components/stato-tag';
import { formatDate, formatInteger, formatVolume, formatWeight } from '@/lib/format';
import { formatDims } from '@/lib/production-format';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useBlocchi, useBlocchiSummary, exportBlocchi, BLOCCO_KIND_LABELS, type BloccoFilters, type BloccoKind } from '../api/blocchi';
import { BLOCCO_FILTER_RULES, toBloccoFilters, type BloccoFilterName } from './blocchi-filter-rules';
import { BlocchiFilters } from './blocchi-filters';
import { BloccoFormDialog } from './blocco-form';
import './blocchi.css';

const LIST_CONFIG = { sortFields: BLOCCO_SORT_FIELDS, defaultSort: '-createdAt', filters: BLOCCO_FILTER_RULES };

function provenienza(b: BloccoListItem): string {
  if (b.origine === 'interno') return b.bancata ? `${b.bancata.codice}${b.cava ? ` · ${b.cava.nome}` : ''}` : '';
  return [b.fornitore?.ragioneSociale, b.numeroFornitore ? `n. ${b.numeroFornitore}` : null].filter(Boolean).join(' · ');
}

/**
 * Blocchi or blocchi esterni (DESIGN §5 "Lists"; issue §6): server paging and sort; search by
 * codice, numero fornitore, tracciabilità and note; filters by stato, cava, materiale, scelta,
 * categoria, bancata, fornitore, ubicazione and date, all in the URL so a link shares the view;
 * totals (count, m³, t) and CSV/XLSX export of the filtered set.
 */
export function BlocchiList({
  kind,
  selectionActions,
}: {
  kind: BloccoKind;
  /** what can be done with the ticked blocks (other features' buttons: labels, a transfer), given by the page */
  selectionActions?: (blocchi: BloccoListItem[], clear: () => void) => ReactNode;
}) {
  const labels = BLOCCO_KIND_LABELS[kind];
  const interno = kind === 'blocchi';
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const writable = can(user, kind, 'write');
  const params = useListParams<BloccoFilterName>(LIST_CONFIG);
  const cards = useMediaQuery(CARDS_QUERY);
  // "Nuovo blocco esterno" from the Blocchi list lands here with the form open
  const [creating, setCreating] = useState(() => writable && (location.state as { nuovo?: boolean } | null)?.nuovo === true);
  const [selected, setSelected] = useState<BloccoListItem[]>([]);

  const filters: BloccoFilters = useMemo(() => toBloccoFilters(params.q, params.filters), [params.q, params.filters]);
  const list = useBlocchi(kind, { ...filters, page: params.page, limit: params.limit, sort: params.sort });
  const summary = useBlocchiSummary(kind, filters);
  const linkState = { listSearch: location.search };
  // With origine=tutte the list holds both kinds: each row opens its own kind's page.
  const tutte = filters.origine === 'tutte';
  const detailOf = (b: BloccoListItem) => `${BLOCCO_KIND_LABELS[b.origine === 'esterno' ? 'blocchi-esterni' : 'blocchi'].base}/${b._id}`;
  const open = (b: BloccoListItem) => void navigate(detailOf(b), { state: linkState });

  const columns: ListColumn<BloccoListItem>[] = [
    { field: 'codice', header: 'Codice', sortable: true, className: 'col-nowrap' },
    { field: 'stato', header: 'Stato', sortable: true, body: (b) => <BloccoStatoTag stato={b.stato} /> },
    ...(tutte
      ? [{ field: 'origine', header: 'Provenienza', body: (b: BloccoListItem) => `${b.origine === 'esterno' ? 'Acquistato' : 'Proprio'} · ${provenienza(b)}`, className: 'col-ellipsis' }]
      : interno
        ? []
        : [{ field: 'fornitore', header: 'Fornitore', body: (b: BloccoListItem) => provenienza(b), className: 'col-ellipsis' }]),
    {
      field: 'scelta',
      header: 'Materiale e scelta',
      sortable: true,
      className: 'col-materiale',
      body: (b) => (
        <span className="cell-two-lines">
          <span>{b.materiale.nome}</span>
          <span className="text-color-secondary">
            {SCELTA_LABELS[b.scelta]} · {CATEGORIA_LABELS[b.categoria]}
          </span>
        </span>
      ),
    },
    { field: 'misure', header: 'Misure nette', body: (b) => formatDims(b.lunghezzaNetta, b.altezzaNetta, b.profonditaNetta), className: 'col-nowrap' },
    { field: 'volumeNetto', header: 'Vol. netto', sortable: true, body: (b) => formatVolume(b.volumeNetto), className: 'col-nowrap col-number' },
    { field: 'pesoTeorico', header: 'Peso', sortable: true, body: (b) => formatWeight(b.pesoTeorico), className: 'col-nowrap col-number' },
    { field: 'ubicazione', header: 'Ubicazione', body: (b) => <span title={b.ubicazione?.nome}>{b.ubicazione?.nome ?? ''}</span>, className: 'col-ellipsis col-narrow' },
    { field: 'cliente', header: 'Cliente', body: (b) => <span title={b.cliente?.ragioneSociale}>{b.cliente?.ragioneSociale ?? ''}</span>, className: 'col-ellipsis col-narrow' },
    { field: 'opzioneScadenza', header: 'Opzione fino al', body: (b) => formatDate(b.opzioneScadenza), className: 'col-nowrap' },
    ...(interno
      ? [{ field: 'bancata', header: 'Bancata', body: (b: BloccoListItem) => b.bancata?.codice ?? '', className: 'col-nowrap' }]
      : [{ field: 'dataAcquisto', header: 'Acquisto', body: (b: BloccoListItem) => formatDate(b.dataAcquisto), className: 'col-nowrap' }]),
    // not a table column (the code already orders by date): the phone's "Ordina per" offers it
    ...(cards ? [{ field: 'createdAt', header: 'Data di registrazione', sortable: true }] : []),
  ];

  const s = summary.data;
  const totals = [
    { label: labels.plurale, value: formatInteger(s?.count) },
    { label: 'Volume lordo', value: formatVolume(s?.volumeLordo) },
    { label: 'Volume netto', value: formatVolume(s?.volumeNetto) },
    { label: 'Peso (pesa o teorico)', value: formatWeight(s?.pesoT) },
    // informi are reckoned by weight, outside the m³ above (issue 25)
    ...(s?.informiT ? [{ label: 'di cui informi', value: formatWeight(s.informiT) }] : []),
  ];

  const newButton = writable ? (
    <Button type="button" label={interno ? 'Nuovo blocco' : 'Nuovo blocco esterno'} icon="pi pi-plus" onClick={() => setCreating(true)} data-testid="blocco-new" />
  ) : null;
  // An own blocco is born from a bancata: whoever cannot see the bancate (the sawmill) buys blocks in.
  const esterni = BLOCCO_KIND_LABELS['blocchi-esterni'];
  const newEsternoButton = can(user, 'blocchi-esterni', 'write') ? (
    <Button type="button" label="Nuovo blocco esterno" icon="pi pi-plus" onClick={() => void navigate(esterni.base, { state: { nuovo: true } })} data-testid="blocco-new" />
  ) : null;
  const newAction = interno && !can(user, 'bancate') ? newEsternoButton : newButton;

  const empty = params.filtered ? (
    <EmptyState icon="pi pi-filter-slash" title="Nessun risultato">
      <p>Nessun blocco corrisponde alla ricerca o ai filtri scelti.</p>
      <Button type="button" label="Azzera ricerca e filtri" icon="pi pi-times" text onClick={params.clear} />
    </EmptyState>
  ) : (
    <EmptyState icon={labels.icon} title={interno ? 'Nessun blocco registrato' : 'Nessun blocco esterno registrato'}>
      <p>
        {interno
          ? 'I blocchi nascono dalla riquadratura di una bancata: aprila quando è ribaltata o in riquadratura e aggiungi i blocchi.'
          : 'Qui compariranno i blocchi acquistati da altre cave o fornitori, con il prezzo e il trasporto.'}
      </p>
      {newAction}
    </EmptyState>
  );

  return (
    <>
      <PageHeader title={tutte ? 'Blocchi propri e acquistati' : labels.title} icon={labels.icon}>
        <ExportButtons download={(format) => exportBlocchi(kind, { ...filters, sort: params.sort }, format)} fallbackName={kind} />
        {newAction}
      </PageHeader>

      <section className="card" aria-label={`Elenco ${labels.plurale.toLowerCase()}`}>
        <BlocchiFilters kind={kind} params={params} rows={list.data?.items ?? []} />

        <ListTotals items={totals} loading={summary.isPending} label={`Totali dei ${labels.plurale.toLowerCase()} filtrati`} />

        {selectionActions && (
          <ListSelectionBar count={selected.length} word={['blocco scelto', 'blocchi scelti']} onClear={() => setSelected([])}>
            {selectionActions(selected, () => setSelected([]))}
          </ListSelectionBar>
        )}

        <ListTable
          label={labels.plurale}
          query={list}
          params={params}
          columns={columns}
          rowLink={detailOf}
          linkState={linkState}
          onOpen={open}
          selection={selectionActions ? { selected, onChange: setSelected, name: (b) => b.codice } : undefined}
          card={(b) => ({
            title: b.codice,
            badge: <BloccoStatoTag stato={b.stato} />,
            lines: [
              `${b.materiale.nome} · ${SCELTA_LABELS[b.scelta]} · ${CATEGORIA_LABELS[b.categoria]}`,
              `${formatDims(b.lunghezzaNetta, b.altezzaNetta, b.profonditaNetta)} · ${formatVolume(b.volumeNetto)} · ${formatWeight(b.pesoTeorico)}`,
              [provenienza(b), b.ubicazione?.nome].filter(Boolean).join(' · '),
              [b.cliente?.ragioneSociale, b.opzioneScadenza ? `opzione fino al ${formatDate(b.opzioneScadenza)}` : null].filter(Boolean).join(' · '),
            ].filter(Boolean),
          })}
          empty={empty}
        />
      </section>

      {creating && (
        <BloccoFormDialog
          kind={kind}
          onClose={() => setCreating(false)}
          onSaved={(b) => {
            setCreating(false);
            notify({ severity: 'success', summary: interno ? 'Blocco registrato' : 'Blocco esterno registrato', detail: b.codice });
            open(b);
          }}
        />
      )}
    </>
  );
}
