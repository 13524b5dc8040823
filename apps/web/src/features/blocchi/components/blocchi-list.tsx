import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import {
  BLOCCO_SORT_FIELDS,
  CATEGORIA_LABELS,
  pesoText,
  SCELTA_LABELS,
  type BloccoListItem,
} from '@gestcava/contracts';
import { ExportButtons } from '@/components/export-buttons';
import type { ListColumn } from '@/components/list/list-table';
import { ListPage } from '@/components/list/list-page';
import { useListPage } from '@/components/list/use-list-page';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';
import { BloccoStatoTag } from '@/components/stato-tag';
import { formatDate, formatVolume, formatWeight } from '@/lib/format';
import { formatConteggioBlocchi, formatDims } from '@/lib/production-format';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import {
  useBlocchi,
  useBlocchiSummary,
  exportBlocchi,
  BLOCCO_KIND_LABELS,
  type BloccoFilters,
  type BloccoKind,
} from '../api/blocchi';
import {
  BLOCCO_FILTER_RULES,
  toBloccoFilters,
  type BloccoFilterName,
} from './blocchi-filter-rules';
import { BlocchiFilters } from './blocchi-filters';
import { PesoBlocco } from '@/components/peso-blocco';
import { BloccoFormDialog } from './blocco-form';
import { bollaText } from './blocco-format';
import './blocchi.css';

// "Nuovo blocco esterno" from the Blocchi list lands on the esterni with the form open
const LIST_CONFIG = {
  sortFields: BLOCCO_SORT_FIELDS,
  defaultSort: '-createdAt',
  filters: BLOCCO_FILTER_RULES,
  toFilters: toBloccoFilters,
  newFromLinkState: true,
};
const CONFIGS = {
  blocchi: { ...LIST_CONFIG, permission: 'blocchi' },
  'blocchi-esterni': { ...LIST_CONFIG, permission: 'blocchi-esterni' },
} as const;

function provenienza(b: BloccoListItem): string {
  if (b.origine === 'interno')
    return b.bancata ? `${b.bancata.codice}${b.cava ? ` · ${b.cava.nome}` : ''}` : '';
  return [b.fornitore?.ragioneSociale, b.numeroFornitore ? `n. ${b.numeroFornitore}` : null]
    .filter(Boolean)
    .join(' · ');
}

/** A row's page: the esterni's for a bought-in block (with origine=tutte the list holds both kinds). */
const detailOf = (b: Pick<BloccoListItem, '_id' | 'origine'>) =>
  `${BLOCCO_KIND_LABELS[b.origine === 'esterno' ? 'blocchi-esterni' : 'blocchi'].base}/${b._id}`;

/**
 * Blocchi or blocchi esterni (docs/screens.md "How pages behave"): server paging and sort; search by
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
  const { user } = useSession();
  const page = useListPage<BloccoFilterName, BloccoFilters, BloccoListItem>(CONFIGS[kind]);
  const { params, filters } = page;
  const cards = useMediaQuery(CARDS_QUERY);
  const list = useBlocchi(kind, page.query);
  const summary = useBlocchiSummary(kind, filters);
  const tutte = filters.origine === 'tutte';

  const columns: ListColumn<BloccoListItem>[] = [
    { field: 'codice', header: 'Codice', sortable: true, className: 'col-nowrap' },
    {
      field: 'stato',
      header: 'Stato',
      sortable: true,
      body: (b) => <BloccoStatoTag stato={b.stato} />,
    },
    ...(tutte
      ? [
          {
            field: 'origine',
            header: 'Provenienza',
            body: (b: BloccoListItem) =>
              `${b.origine === 'esterno' ? 'Acquistato' : 'Proprio'} · ${provenienza(b)}`,
            className: 'col-ellipsis',
          },
        ]
      : interno
        ? []
        : [
            {
              field: 'fornitore',
              header: 'Fornitore',
              body: (b: BloccoListItem) => provenienza(b),
              className: 'col-ellipsis',
            },
          ]),
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
    {
      field: 'misure',
      header: 'Misure nette',
      body: (b) => formatDims(b.lunghezzaNetta, b.altezzaNetta, b.profonditaNetta),
      className: 'col-nowrap',
    },
    {
      field: 'volumeNetto',
      header: 'Vol. netto',
      sortable: true,
      body: (b) => formatVolume(b.volumeNetto),
      className: 'col-nowrap col-number',
    },
    // the weight the total sums (the weighbridge, else theoretical), with its basis
    {
      field: 'peso',
      header: 'Peso',
      sortable: true,
      body: (b) => (
        <>
          <PesoBlocco peso={b.peso} />
          {b.pesoPesa != null && (
            <small className="block text-color-secondary">{bollaText(b)}</small>
          )}
        </>
      ),
      className: 'col-nowrap col-number',
    },
    {
      field: 'ubicazione',
      header: 'Ubicazione',
      body: (b) => <span title={b.ubicazione?.nome}>{b.ubicazione?.nome ?? ''}</span>,
      className: 'col-ellipsis col-narrow',
    },
    {
      field: 'cliente',
      header: 'Cliente',
      body: (b) => <span title={b.cliente?.ragioneSociale}>{b.cliente?.ragioneSociale ?? ''}</span>,
      className: 'col-ellipsis col-narrow',
    },
    {
      field: 'opzioneScadenza',
      header: 'Opzione fino al',
      body: (b) => formatDate(b.opzioneScadenza),
      className: 'col-nowrap',
    },
    ...(interno
      ? [
          {
            field: 'bancata',
            header: 'Bancata',
            body: (b: BloccoListItem) => b.bancata?.codice ?? '',
            className: 'col-nowrap',
          },
        ]
      : [
          {
            field: 'dataAcquisto',
            header: 'Acquisto',
            body: (b: BloccoListItem) => formatDate(b.dataAcquisto),
            className: 'col-nowrap',
          },
        ]),
    // not a table column (the code already orders by date): the phone's "Ordina per" offers it
    ...(cards ? [{ field: 'createdAt', header: 'Data di registrazione', sortable: true }] : []),
  ];

  const s = summary.data;

  // An own blocco is born from a bancata: whoever cannot see the bancate (the sawmill) buys blocks in.
  const esterni = BLOCCO_KIND_LABELS['blocchi-esterni'];
  const newEsternoButton = can(user, 'blocchi-esterni', 'write') ? (
    <Button
      type="button"
      label="Nuovo blocco esterno"
      icon="pi pi-plus"
      onClick={() => void navigate(esterni.base, { state: { nuovo: true } })}
      data-testid="blocco-new"
    />
  ) : null;

  return (
    <ListPage
      page={page}
      title={tutte ? 'Blocchi propri e acquistati' : labels.title}
      icon={labels.icon}
      actions={
        <ExportButtons
          download={(format) => exportBlocchi(kind, { ...filters, sort: params.sort }, format)}
          fallbackName={kind}
        />
      }
      newButton={{ label: interno ? 'Nuovo blocco' : 'Nuovo blocco esterno', testId: 'blocco-new' }}
      newAction={interno && !can(user, 'bancate') ? newEsternoButton : undefined}
      label={`Elenco ${labels.plurale.toLowerCase()}`}
      toolbar={<BlocchiFilters kind={kind} params={params} rows={list.data?.items ?? []} />}
      totals={{
        label: `Totali dei ${labels.plurale.toLowerCase()} filtrati`,
        loading: summary.isPending,
        items: [
          // informi count among the blocks and by weight, never in the m³ (docs/reportistica.md, "Regole delle cifre")
          { label: labels.plurale, value: formatConteggioBlocchi(s) },
          {
            label: s?.informi ? 'Volume lordo (esclusi informi)' : 'Volume lordo',
            value: formatVolume(s?.volumeLordo),
          },
          {
            label: s?.informi ? 'Volume netto (esclusi informi)' : 'Volume netto',
            value: formatVolume(s?.volumeNetto),
          },
          { label: 'Peso (pesa o teorico)', value: formatWeight(s?.pesoT) },
        ],
      }}
      selection={
        selectionActions && {
          word: ['blocco scelto', 'blocchi scelti'],
          name: (b) => b.codice,
          actions: selectionActions,
        }
      }
      table={{
        label: labels.plurale,
        query: list,
        columns,
        rowLink: detailOf,
        card: (b) => ({
          title: b.codice,
          badge: <BloccoStatoTag stato={b.stato} />,
          lines: [
            `${b.materiale.nome} · ${SCELTA_LABELS[b.scelta]} · ${CATEGORIA_LABELS[b.categoria]}`,
            `${formatDims(b.lunghezzaNetta, b.altezzaNetta, b.profonditaNetta)} · ${formatVolume(b.volumeNetto)} · ${pesoText(b.peso)}`,
            [provenienza(b), b.ubicazione?.nome].filter(Boolean).join(' · '),
            [
              b.cliente?.ragioneSociale,
              b.opzioneScadenza ? `opzione fino al ${formatDate(b.opzioneScadenza)}` : null,
            ]
              .filter(Boolean)
              .join(' · '),
          ].filter(Boolean),
        }),
      }}
      empty={{
        noMatch: 'Nessun blocco',
        icon: labels.icon,
        title: interno ? 'Nessun blocco registrato' : 'Nessun blocco esterno registrato',
        text: interno
          ? 'I blocchi nascono dalla riquadratura di una bancata: aprila quando è ribaltata o in riquadratura e aggiungi i blocchi.'
          : 'Qui compariranno i blocchi acquistati da altre cave o fornitori, con il prezzo e il trasporto.',
      }}
      createDialog={
        <BloccoFormDialog
          kind={kind}
          onClose={() => page.setCreating(false)}
          onSaved={(b) =>
            page.created(detailOf(b), {
              summary: interno ? 'Blocco registrato' : 'Blocco esterno registrato',
              detail: b.codice,
            })
          }
        />
      }
    />
  );
}
