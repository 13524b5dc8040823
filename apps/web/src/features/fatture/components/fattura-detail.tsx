import './fatture.css';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ENTITY_PAGES, FATTURA_STATO_LABELS, type Fattura } from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { ConfirmDialog, DeleteConfirmDialog } from '@/components/confirm-dialog';
import { BackToList, DetailShell } from '@/components/detail/detail-shell';
import { HeaderActions, type HeaderAction } from '@/components/detail/header-actions';
import { HistorySection } from '@/components/detail/history-section';
import { useBackToList } from '@/components/detail/use-back-to-list';
import { SectionCard } from '@/components/section-card';
import { formatDate, labelOf } from '@/lib/format';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import {
  downloadFattura,
  useCorreggiFattura,
  useEmettiFattura,
  useFattura,
  useFatturaHistory,
  useRemoveFattura,
} from '../api/fatture';
import { EsitoDialog, EsitoSdiSection, NotificaDialog } from './esito-sdi';
import { FatturaData } from './fattura-data';
import { FatturaRighe, PagamentoFattura, RiepilogoIva } from './fattura-righe';
import { EsitoSdiTag, FatturaStatoTag } from './fattura-tags';
import { titoloFattura } from './fattura-text';
import { NuovaFattura } from './nuova-fattura';

const FIELD_LABELS: Record<string, string> = { stato: 'Stato', esito: 'Esito SDI' };
const historyValue = (field: string, value: unknown) =>
  field === 'stato' ? labelOf(FATTURA_STATO_LABELS, value) : String(value ?? '—');
const failed = (summary: string) => (error: unknown) =>
  notify({
    severity: 'error',
    summary,
    detail: error instanceof Error ? error.message : undefined,
  });

/** An invoice: its state and SDI outcome, data, lines, VAT summary, payment, history; the actions its state allows. */
export function FatturaDetail({ id }: { id: string }) {
  const record = useFattura(id);
  const history = useFatturaHistory(id);
  const backTo = useBackToList(ENTITY_PAGES.fattura.path);
  const back = <BackToList to={backTo} label="Elenco fatture" />;
  return (
    <DetailShell
      query={record}
      title="Fattura"
      back={back}
      notFound={{
        title: 'Fattura non trovata',
        text: 'La fattura richiesta non esiste o appartiene a un’altra ditta.',
      }}
    >
      {(f) => <FatturaPage fattura={f} back={back} history={history} />}
    </DetailShell>
  );
}

type Asking = 'modifica' | 'emetti' | 'elimina' | 'correggi' | 'esito' | 'notifica' | null;

function FatturaPage({
  fattura: f,
  back,
  history,
}: {
  fattura: Fattura;
  back: ReactNode;
  history: ReturnType<typeof useFatturaHistory>;
}) {
  const { user } = useSession();
  const navigate = useNavigate();
  const writable = can(user, 'fatture', 'write');
  const [asking, setAsking] = useState<Asking>(null);
  const emetti = useEmettiFattura();
  const correggi = useCorreggiFattura(f._id);
  const remove = useRemoveFattura(f._id);
  const titolo = titoloFattura(f);
  const numero = f.numeroDocumento ?? `bozza-${f._id.slice(-8)}`;
  const download = (what: 'xml' | 'pdf') =>
    void downloadFattura(
      f._id,
      what,
      what === 'xml' ? (f.nomeFile ?? `${numero}.xml`) : `fattura-${numero.replace('/', '-')}.pdf`,
    ).catch(failed(what === 'xml' ? 'XML non disponibile' : 'PDF non disponibile'));

  if (asking === 'modifica')
    return (
      <NuovaFattura draft={f} onCancel={() => setAsking(null)} onSaved={() => setAsking(null)} />
    );

  const bozza = f.stato === 'bozza';
  const pdf: HeaderAction = {
    label: bozza ? 'PDF di prova' : 'Scarica PDF',
    icon: 'pi pi-file-pdf',
    onClick: () => download('pdf'),
    testId: 'fattura-scarica-pdf',
    look: 'outlined',
  };
  const write = (a: HeaderAction[]) => (writable ? a : []);
  const actions: HeaderAction[] = bozza
    ? [
        ...write([
          {
            label: 'Emetti',
            icon: 'pi pi-send',
            onClick: () => setAsking('emetti'),
            busy: emetti.isPending,
            testId: 'fattura-detail-emetti',
          },
          {
            label: 'Modifica',
            icon: 'pi pi-pencil',
            onClick: () => setAsking('modifica'),
            testId: 'fattura-modifica',
            look: 'outlined',
          },
        ]),
        pdf,
        ...write(
          f.numeroDocumento
            ? []
            : [
                {
                  label: 'Elimina',
                  icon: 'pi pi-trash',
                  onClick: () => setAsking('elimina'),
                  testId: 'fattura-elimina',
                  look: 'danger',
                },
              ],
        ),
      ]
    : [
        {
          label: 'Scarica XML',
          icon: 'pi pi-code',
          onClick: () => download('xml'),
          testId: 'fattura-scarica-xml',
        },
        pdf,
        ...write([
          ...(f.esito === 'scartata'
            ? [
                {
                  label: 'Correggi',
                  icon: 'pi pi-wrench',
                  onClick: () => setAsking('correggi'),
                  testId: 'fattura-correggi',
                  look: 'warning' as const,
                },
              ]
            : []),
          {
            label: 'Registra esito',
            icon: 'pi pi-flag',
            onClick: () => setAsking('esito'),
            testId: 'fattura-registra-esito',
            look: 'outlined',
          },
          {
            label: 'Carica notifica',
            icon: 'pi pi-upload',
            onClick: () => setAsking('notifica'),
            testId: 'fattura-carica-notifica',
            look: 'outlined',
          },
        ]),
      ];

  return (
    <div className="fattura-page">
      <PageHeader title={titolo} icon="pi pi-receipt">
        {back}
        <HeaderActions actions={actions} />
      </PageHeader>
      <p className="flex flex-wrap align-items-center gap-2" data-testid="fattura-head">
        <FatturaStatoTag stato={f.stato} testId="fattura-stato" />
        <EsitoSdiTag esito={f.esito} testId="fattura-esito" />
        <span data-testid="fattura-numero">{f.numeroDocumento ?? 'Bozza'}</span>
        <span>del {formatDate(f.data)}</span>
        <span className="font-semibold">{f.cessionario.ragioneSociale}</span>
      </p>
      {!bozza && (
        <p className="text-color-secondary mt-0" data-testid="fattura-readonly">
          {f.esito === 'scartata'
            ? 'Lo SDI ha scartato la fattura: correggila e rimandala con lo stesso numero e la stessa data.'
            : 'Una fattura emessa non si modifica: si corregge con una nota di credito.'}
        </p>
      )}
      <div className="grid">
        <div className="col-12 xl:col-8">
          <FatturaData fattura={f} />
          <SectionCard titleId="fattura-righe-title" title="Righe">
            <FatturaRighe righe={f.righe} />
          </SectionCard>
          <SectionCard titleId="fattura-iva-title" title="Riepilogo IVA e totale">
            <RiepilogoIva fattura={f} />
          </SectionCard>
          <SectionCard titleId="fattura-pagamento-title" title="Pagamento">
            <PagamentoFattura pagamento={f.pagamento} />
          </SectionCard>
        </div>
        <div className="col-12 xl:col-4">
          <EsitoSdiSection fattura={f} />
          <HistorySection query={history} fieldLabels={FIELD_LABELS} formatValue={historyValue} />
        </div>
      </div>
      {asking === 'emetti' && (
        <ConfirmDialog
          visible
          title="Emetti la fattura"
          confirmLabel="Emetti"
          confirmIcon="pi pi-send"
          loading={emetti.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={() =>
            emetti.mutate(f._id, {
              onSuccess: (e) => {
                setAsking(null);
                notify({
                  severity: 'success',
                  summary: `${titoloFattura(e)} emessa`,
                  detail: 'Scarica l’XML da trasmettere allo SDI',
                });
              },
              onError: failed('Fattura non emessa'),
            })
          }
          testId="fattura-emetti-dialog"
        >
          <p className="m-0">
            {f.numeroDocumento
              ? `La fattura corretta riprende il numero ${f.numeroDocumento} e la sua data, con un nuovo nome di file.`
              : 'La fattura prende il prossimo numero dell’anno e non si potrà più modificare né eliminare.'}
          </p>
        </ConfirmDialog>
      )}
      {asking === 'elimina' && (
        <DeleteConfirmDialog
          visible
          title="Elimina la bozza"
          loading={remove.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                notify({
                  severity: 'success',
                  summary: 'Bozza eliminata',
                  detail: f.cessionario.ragioneSociale,
                });
                void navigate(ENTITY_PAGES.fattura.path, { replace: true });
              },
              onError: failed('Bozza non eliminata'),
            })
          }
          testId="fattura-elimina-dialog"
        >
          <p className="m-0">
            La bozza di fattura per {f.cessionario.ragioneSociale} viene eliminata; i suoi DDT
            restano da fatturare.
          </p>
        </DeleteConfirmDialog>
      )}
      {asking === 'correggi' && (
        <ConfirmDialog
          visible
          title="Correggi la fattura scartata"
          confirmLabel="Correggi"
          confirmIcon="pi pi-wrench"
          loading={correggi.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={() =>
            correggi.mutate(undefined, {
              onSuccess: () => setAsking('modifica'),
              onError: failed('Fattura non riaperta'),
            })
          }
          testId="fattura-correggi-dialog"
        >
          <p className="m-0">
            La fattura {f.numeroDocumento} torna modificabile con lo stesso numero e la stessa data;
            emessa di nuovo, avrà un nuovo nome di file (lo SDI rifiuta un nome già visto). Lo SDI
            accetta la correzione entro cinque giorni dallo scarto.
          </p>
        </ConfirmDialog>
      )}
      {asking === 'esito' && <EsitoDialog fattura={f} onClose={() => setAsking(null)} />}
      {asking === 'notifica' && <NotificaDialog fattura={f} onClose={() => setAsking(null)} />}
    </div>
  );
}
