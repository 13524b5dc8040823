import { useMemo, useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import {
  detailPath,
  ENTITY_PAGES,
  FINITURA_LABELS,
  LAVORAZIONE_LASTRE_STATO_LABELS,
  LAVORAZIONE_LASTRE_TRANSITIONS,
  type LavorazioneLastre,
} from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { BackToList, DetailShell } from '@/components/detail/detail-shell';
import { HistorySection } from '@/components/detail/history-section';
import { useBackToList } from '@/components/detail/use-back-to-list';
import { StateActions } from '@/components/detail/state-actions';
import { StateMoveSection } from '@/components/detail/state-move-section';
import { dangerOutlined, useStateMove } from '@/components/detail/use-state-move';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { SectionCard } from '@/components/section-card';
import { RecordLink } from '@/components/record-link';
import { formatArea, formatDate, formatDateTime, formatInteger, formatNumber, formatVolume } from '@/lib/format';
import { formatDims } from '@/lib/production-format';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useLavorazioneLastre, useLavorazioneLastreHistory, useChangeLavorazioneLastreStato } from '../api/lavorazioni-lastre';
import { CompletaDialog } from './completa-dialog';
import { LavorazioneLastreFormDialog } from './lavorazione-lastre-form';
import { formatResa, LAVORAZIONE_LASTRE_FIELD_LABELS, LAVORAZIONE_LASTRE_MOVES, lavorazioneHistoryValue } from './lavorazione-lastre-format';
import { LavorazioneLastreStatoTag } from './lavorazione-lastre-stato';
import './lavorazioni-lastre.css';

/**
 * A sawing (DESIGN §4, issue 12): its plan and block, the moves its state allows (start,
 * cancel), the completion screen while it is being sawn, the pacchi it produced, its history.
 */
export function LavorazioneLastreDetail({ id }: { id: string }) {
  const record = useLavorazioneLastre(id);
  const history = useLavorazioneLastreHistory(id);
  const backTo = useBackToList(ENTITY_PAGES['lavorazione-lastre'].path);
  const back = <BackToList to={backTo} label="Elenco segagioni" />;
  return (
    <DetailShell query={record} title="Segagione" back={back} notFound={{ title: 'Segagione non trovata', text: 'La segagione richiesta non esiste o appartiene a un’altra ditta.' }}>
      {(lav) => <LavorazionePage lav={lav} back={back} history={history} />}
    </DetailShell>
  );
}

function LavorazionePage({ lav, back, history }: { lav: LavorazioneLastre; back: ReactNode; history: ReturnType<typeof useLavorazioneLastreHistory> }) {
  const { user } = useSession();
  const writable = can(user, 'lavorazione-lastre', 'write');
  const names = useMemo(() => new Map([[lav.macchina._id, lav.macchina.nome]]), [lav.macchina]);
  return (
    <>
      <PageHeader title={`Segagione ${lav.codice}`} icon="pi pi-clone">
        {back}
        {writable && lav.stato === 'pianificata' && <EditAction lav={lav} />}
      </PageHeader>
      <div className="grid">
        <div className="col-12 xl:col-8">
          <StatoSection lav={lav} writable={writable} />
          <DataSection lav={lav} />
          <PacchiSection lav={lav} />
        </div>
        <div className="col-12 xl:col-4">
          <HistorySection query={history} fieldLabels={LAVORAZIONE_LASTRE_FIELD_LABELS} formatValue={lavorazioneHistoryValue(names)} />
        </div>
      </div>
    </>
  );
}

/** Changing the plan (machine, thickness, finish…) while the block is not yet on the saw. */
function EditAction({ lav }: { lav: LavorazioneLastre }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" label="Modifica" icon="pi pi-pencil" onClick={() => setOpen(true)} data-testid="lavorazione-edit" />
      {open && (
        <LavorazioneLastreFormDialog
          lavorazione={lav}
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            notify({ severity: 'success', summary: 'Modifiche salvate', detail: lav.codice });
          }}
        />
      )}
    </>
  );
}

function StatoSection({ lav, writable }: { lav: LavorazioneLastre; writable: boolean }) {
  const mutation = useChangeLavorazioneLastreStato(lav._id);
  const move = useStateMove({ mutation, codice: lav.codice, labels: LAVORAZIONE_LASTRE_STATO_LABELS, confirm: ['annullata'] });
  const [completing, setCompleting] = useState(false);

  const actions = writable && (
    <div className="flex flex-wrap gap-2">
      {lav.stato === 'in_segagione' && <Button type="button" label="Completa: registra le lastre" icon="pi pi-check-square" onClick={() => setCompleting(true)} data-testid="lavorazione-completa" />}
      <StateActions name="lavorazione" moves={LAVORAZIONE_LASTRE_TRANSITIONS[lav.stato].manual} moveOf={(to) => dangerOutlined(LAVORAZIONE_LASTRE_MOVES[to])} onMove={move.onMove} busy={move.busy} sending={move.sending} />
    </div>
  );

  return (
    <StateMoveSection
      name="lavorazione"
      move={move}
      actions={actions}
      confirmation={() => ({
        title: 'Annullare la segagione?',
        confirmLabel: LAVORAZIONE_LASTRE_MOVES.annullata.label,
        confirmIcon: LAVORAZIONE_LASTRE_MOVES.annullata.icon,
        danger: true,
        testId: 'confirm-lavorazione-annulla',
        body: (
          <p className="mt-0">
            {lav.codice} non sarà segata: il blocco {lav.blocco.codice} torna disponibile. La segagione resta nel registro, con il suo storico.
          </p>
        ),
        note: { id: 'lavorazione-move-nota', label: 'Nota (facoltativa)' },
      })}
      dialogs={
        completing && (
          <CompletaDialog
            lavorazione={lav}
            onClose={() => setCompleting(false)}
            onDone={(saved) => {
              setCompleting(false);
              notify({
                severity: 'success',
                summary: 'Segagione completata',
                detail: `${formatInteger(saved.numeroLastre)} lastre, ${formatArea(saved.mqTotali)} in ${saved.pacchi.map((p) => p.codice).join(', ')}`,
              });
            }}
          />
        )
      }
    >
      <LavorazioneLastreStatoTag stato={lav.stato} testId="lavorazione-stato" />
      {lav.stato === 'in_segagione' && lav.dataInizio && <span className="text-color-secondary">dal {formatDate(lav.dataInizio)}</span>}
      {lav.stato === 'completata' && lav.dataFine && <span className="text-color-secondary">il {formatDate(lav.dataFine)}</span>}
    </StateMoveSection>
  );
}

function DataSection({ lav }: { lav: LavorazioneLastre }) {
  const bloccoPath = detailPath(lav.blocco.origine === 'esterno' ? 'blocco-esterno' : 'blocco', lav.blocco._id);
  return (
    <SectionCard titleId="lavorazione-data-title" title="Dati della segagione">
      <DetailList testId="lavorazione-data">
        <Item label="Codice">{lav.codice}</Item>
        <Item label={lav.blocco.origine === 'esterno' ? 'Blocco (esterno)' : 'Blocco'}>
          <RecordLink to={bloccoPath} testId="lavorazione-blocco-link">
            {lav.blocco.codice}
          </RecordLink>
        </Item>
        <Item label="Materiale">{lav.materiale.nome}</Item>
        <Item label="Misure nette del blocco">{formatDims(lav.blocco.lunghezzaNetta, lav.blocco.altezzaNetta, lav.blocco.profonditaNetta)}</Item>
        <Item label="Volume netto">{formatVolume(lav.blocco.volumeNetto)}</Item>
        <Item label="Macchina">{`${lav.macchina.nome} (taglio ${formatNumber(lav.macchina.kerfMm)} mm)`}</Item>
        <Item label="Conto terzi">{lav.contoTerzi ? `Sì: ${lav.terzista?.ragioneSociale ?? ''}` : 'No'}</Item>
        <Item label="Spessore">{`${lav.spessoreMm} mm`}</Item>
        <Item label="Finitura">{FINITURA_LABELS[lav.finitura]}</Item>
        <Item label="Resinatura">{lav.resinatura ? 'Sì' : 'No'}</Item>
        <Item label="Inizio segagione">{formatDate(lav.dataInizio)}</Item>
        <Item label="Fine segagione">{formatDate(lav.dataFine)}</Item>
        <Item label="Lastre">{lav.numeroLastre !== null ? formatInteger(lav.numeroLastre) : null}</Item>
        <Item label="m² totali">{formatArea(lav.mqTotali)}</Item>
        <Item label="Resa">{formatResa(lav.resa)}</Item>
        <Item label="Resa teorica massima">{formatResa(lav.resaTeorica)}</Item>
        <Item label="Note" wide>
          {lav.note && <span className="pre-line">{lav.note}</span>}
        </Item>
        <Item label="Registrata il">{formatDateTime(lav.createdAt)}</Item>
        <Item label="Ultima modifica">{formatDateTime(lav.updatedAt)}</Item>
      </DetailList>
    </SectionCard>
  );
}

function PacchiSection({ lav }: { lav: LavorazioneLastre }) {
  if (lav.stato !== 'completata' && lav.pacchi.length === 0) return null;
  return (
    <SectionCard titleId="lavorazione-pacchi-title" title="Pacchi prodotti" icon="pi pi-box">
      {lav.pacchi.length === 0 ? (
        <p className="m-0 text-color-secondary">Nessun pacco.</p>
      ) : (
        <ul className="lavorazione-pacchi" data-testid="lavorazione-pacchi">
          {lav.pacchi.map((p) => (
            <li key={p._id}>
              <RecordLink to={detailPath('pacco', p._id)} testId="lavorazione-pacco-link">
                {p.codice}
              </RecordLink>
              <span className="text-color-secondary">
                {formatInteger(p.nLastre)} lastre · {formatArea(p.mq)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
