import './spedizioni.css';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  DDT_STATO_LABELS,
  ENTITY_PAGES,
  type Ddt,
  type DdtDocumentoLinkQueryInput,
} from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { BackToList, DetailShell } from '@/components/detail/detail-shell';
import { FattureRefs } from '@/components/fatture/fatture-refs';
import { nuovaFatturaPath } from '@/components/fatture/nuova-fattura-path';
import { HeaderActions, type HeaderAction } from '@/components/detail/header-actions';
import { HistorySection } from '@/components/detail/history-section';
import { useBackToList } from '@/components/detail/use-back-to-list';
import { SectionCard } from '@/components/section-card';
import { formatDate, labelOf } from '@/lib/format';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import {
  useAnnullaDdt,
  useDdt,
  useDdtHistory,
  useEmettiDdt,
  useRemoveDdt,
} from '../api/spedizioni';
import { AnnullaDdtDialog } from './annulla-ddt-dialog';
import { DdtData } from './ddt-data';
import { downloadDocumento } from './ddt-downloads';
import { DdtRighe } from './ddt-righe';
import { numeroOf } from './ddt-figures';
import { DdtStatoTag } from './ddt-stato-tag';
import { NuovoDdt } from './nuovo-ddt';

const FIELD_LABELS: Record<string, string> = { stato: 'Stato' };
const historyValue = (field: string, value: unknown) =>
  field === 'stato' ? labelOf(DDT_STATO_LABELS, value) : String(value ?? '—');
const failed = (summary: string) => (error: unknown) =>
  notify({
    severity: 'error',
    summary,
    detail: error instanceof Error ? error.message : undefined,
  });

/** A DDT: header, parties and transport, the lines, totals, history; the actions its state allows. */
export function DdtDetail({ id }: { id: string }) {
  const record = useDdt(id);
  const history = useDdtHistory(id);
  const backTo = useBackToList(ENTITY_PAGES.ddt.path);
  const back = <BackToList to={backTo} label="Elenco DDT" />;
  return (
    <DetailShell
      query={record}
      title="DDT"
      back={back}
      notFound={{
        title: 'DDT non trovato',
        text: 'Il DDT richiesto non esiste o appartiene a un’altra ditta.',
      }}
    >
      {(d) => <DdtPage ddt={d} back={back} history={history} />}
    </DetailShell>
  );
}

type Asking = 'elimina' | 'annulla' | 'modifica' | null;

function DdtPage({
  ddt: d,
  back,
  history,
}: {
  ddt: Ddt;
  back: ReactNode;
  history: ReturnType<typeof useDdtHistory>;
}) {
  const { user } = useSession();
  const navigate = useNavigate();
  const writable = can(user, 'spedizioni', 'write');
  // an emitted sale's DDT is invoiced from here: Nuova fattura for its cliente, this DDT ticked
  const clienteDaFatturare =
    d.stato === 'emesso' && can(user, 'fatture', 'write') ? d.cliente : null;
  const [asking, setAsking] = useState<Asking>(null);
  const emetti = useEmettiDdt();
  const annulla = useAnnullaDdt(d._id);
  const remove = useRemoveDdt(d._id);
  const numero = numeroOf(d);
  const download = (query: DdtDocumentoLinkQueryInput) =>
    void downloadDocumento(d, query).catch(failed('Documento non disponibile'));

  if (asking === 'modifica')
    return <NuovoDdt draft={d} onCancel={() => setAsking(null)} onSaved={() => setAsking(null)} />;

  const downloads: HeaderAction[] = [
    {
      label: 'Scarica DDT',
      icon: 'pi pi-file-pdf',
      onClick: () => download({ tipo: 'ddt' }),
      testId: 'ddt-scarica',
      look: 'outlined',
    },
    {
      label: 'Packing list PDF',
      icon: 'pi pi-list',
      onClick: () => download({ tipo: 'packing-list', formato: 'pdf', lingua: 'it' }),
      testId: 'ddt-packing-pdf',
      look: 'outlined',
    },
    {
      label: 'Packing list Excel',
      icon: 'pi pi-file-excel',
      onClick: () => download({ tipo: 'packing-list', formato: 'xlsx', lingua: 'it' }),
      testId: 'ddt-packing-xlsx',
      look: 'outlined',
    },
    {
      label: 'Packing list (EN)',
      icon: 'pi pi-globe',
      onClick: () => download({ tipo: 'packing-list', formato: 'pdf', lingua: 'en' }),
      testId: 'ddt-packing-en',
      look: 'outlined',
    },
  ];
  const emit = () =>
    emetti.mutate(d._id, {
      onSuccess: (e) => {
        notify({
          severity: 'success',
          summary: `DDT ${e.numeroDocumento ?? ''} emesso`,
          detail: 'Il PDF viene scaricato',
        });
        void downloadDocumento(e).catch(failed('PDF non scaricato'));
      },
      onError: failed('DDT non emesso'),
    });
  const actions: HeaderAction[] =
    d.stato === 'bozza'
      ? writable
        ? [
            {
              label: 'Emetti',
              icon: 'pi pi-send',
              onClick: emit,
              busy: emetti.isPending,
              testId: 'ddt-detail-emetti',
            },
            {
              label: 'Modifica',
              icon: 'pi pi-pencil',
              onClick: () => setAsking('modifica'),
              testId: 'ddt-modifica',
              look: 'outlined',
            },
            {
              label: 'Elimina',
              icon: 'pi pi-trash',
              onClick: () => setAsking('elimina'),
              testId: 'ddt-elimina',
              look: 'danger',
            },
          ]
        : []
      : [
          ...(clienteDaFatturare
            ? [
                {
                  label: 'Fattura',
                  icon: 'pi pi-receipt',
                  onClick: () => void navigate(nuovaFatturaPath(clienteDaFatturare, [d._id])),
                  testId: 'ddt-fattura',
                },
              ]
            : []),
          ...downloads,
          ...(d.stato === 'emesso' && writable
            ? [
                {
                  label: 'Annulla DDT',
                  icon: 'pi pi-ban',
                  onClick: () => setAsking('annulla'),
                  testId: 'ddt-annulla',
                  look: 'danger' as const,
                },
              ]
            : []),
        ];

  return (
    <div className="ddt-page">
      <PageHeader
        title={d.numeroDocumento ? `DDT ${d.numeroDocumento}` : 'Bozza di DDT'}
        icon="pi pi-truck"
      >
        {back}
        <HeaderActions actions={actions} />
      </PageHeader>
      <p className="ddt-head-line" data-testid="ddt-head">
        <DdtStatoTag stato={d.stato} testId="ddt-stato" />{' '}
        {/* a draft has no number: its tag already says «Bozza» */}
        {d.numeroDocumento && <span data-testid="ddt-numero">{numero}</span>}
        {d.data && <span> del {formatDate(d.data)}</span>} · {d.destinatario.ragioneSociale}
      </p>
      {d.avvisi.length > 0 && (
        // what the emission would refuse (an item gone meanwhile) or ask about: said on opening
        <ul className="ddt-avvisi" role="alert" data-testid="ddt-avvisi">
          {d.avvisi.map((a) => (
            <li key={a}>
              <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {a}
            </li>
          ))}
        </ul>
      )}
      <div className="grid">
        <div className="col-12 xl:col-8">
          <DdtData ddt={d} />
          <SectionCard titleId="ddt-righe-title" title="Righe">
            <DdtRighe righe={d.righe} totali={d} />
          </SectionCard>
        </div>
        <div className="col-12 xl:col-4">
          <FattureRefs ddt={[d]} />
          <HistorySection query={history} fieldLabels={FIELD_LABELS} formatValue={historyValue} />
        </div>
      </div>
      {asking === 'elimina' && (
        <ConfirmDialog
          visible
          title="Elimina la bozza"
          confirmLabel="Elimina"
          confirmIcon="pi pi-trash"
          danger
          loading={remove.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                notify({
                  severity: 'success',
                  summary: 'Bozza eliminata',
                  detail: d.destinatario.ragioneSociale,
                });
                void navigate(ENTITY_PAGES.ddt.path, { replace: true });
              },
              onError: failed('Bozza non eliminata'),
            })
          }
          testId="ddt-elimina-dialog"
        >
          <p className="m-0">
            La bozza del DDT per {d.destinatario.ragioneSociale} viene eliminata; gli elementi
            restano venduti, da spedire.
          </p>
        </ConfirmDialog>
      )}
      {asking === 'annulla' && (
        <AnnullaDdtDialog
          numero={numero}
          loading={annulla.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={(motivo) =>
            annulla.mutate(
              { motivo },
              {
                onSuccess: () => {
                  setAsking(null);
                  notify({
                    severity: 'success',
                    summary: `DDT ${numero} annullato`,
                    detail: 'Gli elementi tornano da spedire',
                  });
                },
                onError: failed('DDT non annullato'),
              },
            )
          }
        />
      )}
    </div>
  );
}
