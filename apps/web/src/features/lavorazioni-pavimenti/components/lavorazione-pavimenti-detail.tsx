import { useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import {
  BORDO_LABELS,
  detailPath,
  ENTITY_PAGES,
  FINITURA_LABELS,
  formatoLabel,
  LAVORAZIONE_PAVIMENTI_STATO_LABELS,
  LAVORAZIONE_PAVIMENTI_TRANSITIONS,
  type LavorazionePavimenti,
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
import { formatArea, formatDate, formatDateTime, formatInteger } from '@/lib/format';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useLavorazionePavimenti, useLavorazionePavimentiHistory, useChangeLavorazionePavimentiStato } from '../api/lavorazioni-pavimenti';
import { CompletaPavimentiDialog } from './completa-pavimenti-dialog';
import { formatResaPavimenti, LAVORAZIONE_PAVIMENTI_FIELD_LABELS, LAVORAZIONE_PAVIMENTI_MOVES, lavorazionePavimentiHistoryValue } from './lavorazione-pavimenti-format';
import { LavorazionePavimentiStatoTag } from './lavorazione-pavimenti-stato';

/** A tile cut (DESIGN §4, issue 12): its origin, format, state moves, completion into a lot, history. */
export function LavorazionePavimentiDetail({ id }: { id: string }) {
  const record = useLavorazionePavimenti(id);
  const history = useLavorazionePavimentiHistory(id);
  const backTo = useBackToList(ENTITY_PAGES['lavorazione-pavimenti'].path);
  const back = <BackToList to={backTo} label="Elenco lavorazioni" />;
  return (
    <DetailShell query={record} title="Lavorazione pavimenti" back={back} notFound={{ title: 'Lavorazione non trovata', text: 'La lavorazione richiesta non esiste o appartiene a un’altra ditta.' }}>
      {(lav) => <LavorazionePage lav={lav} back={back} history={history} />}
    </DetailShell>
  );
}

function LavorazionePage({ lav, back, history }: { lav: LavorazionePavimenti; back: ReactNode; history: ReturnType<typeof useLavorazionePavimentiHistory> }) {
  const { user } = useSession();
  const writable = can(user, 'lavorazione-pavimenti', 'write');
  return (
    <>
      <PageHeader title={`Lavorazione ${lav.codice}`} icon="pi pi-table">
        {back}
      </PageHeader>
      <div className="grid">
        <div className="col-12 xl:col-8">
          <StatoSection lav={lav} writable={writable} />
          <DataSection lav={lav} />
        </div>
        <div className="col-12 xl:col-4">
          <HistorySection query={history} fieldLabels={LAVORAZIONE_PAVIMENTI_FIELD_LABELS} formatValue={(field, value) => lavorazionePavimentiHistoryValue(field, value, lav.origine)} />
        </div>
      </div>
    </>
  );
}

function StatoSection({ lav, writable }: { lav: LavorazionePavimenti; writable: boolean }) {
  const mutation = useChangeLavorazionePavimentiStato(lav._id);
  const move = useStateMove({ mutation, codice: lav.codice, labels: LAVORAZIONE_PAVIMENTI_STATO_LABELS, confirm: ['annullata'] });
  const [completing, setCompleting] = useState(false);
  const origine = lav.origine === 'blocco' ? `il blocco ${lav.blocco?.codice ?? ''} torna disponibile` : `le ${lav.lastre.length} lastre tornano disponibili`;

  const actions = writable && (
    <div className="flex flex-wrap gap-2">
      {lav.stato === 'in_lavorazione' && <Button type="button" label="Completa: carica il lotto" icon="pi pi-check-square" onClick={() => setCompleting(true)} data-testid="pavimenti-completa" />}
      <StateActions name="pavimenti" moves={LAVORAZIONE_PAVIMENTI_TRANSITIONS[lav.stato].manual} moveOf={(to) => dangerOutlined(LAVORAZIONE_PAVIMENTI_MOVES[to])} onMove={move.onMove} busy={move.busy} sending={move.sending} />
    </div>
  );

  return (
    <StateMoveSection
      name="pavimenti"
      move={move}
      actions={actions}
      confirmation={() => ({
        title: 'Annullare la lavorazione?',
        confirmLabel: LAVORAZIONE_PAVIMENTI_MOVES.annullata.label,
        confirmIcon: LAVORAZIONE_PAVIMENTI_MOVES.annullata.icon,
        danger: true,
        testId: 'confirm-pavimenti-annulla',
        body: <p className="mt-0">{lav.codice} non sarà tagliata: {origine}. La lavorazione resta nel registro, con il suo storico.</p>,
        note: { id: 'pavimenti-move-nota', label: 'Nota (facoltativa)' },
      })}
      dialogs={
        completing && (
          <CompletaPavimentiDialog
            lavorazione={lav}
            onClose={() => setCompleting(false)}
            onDone={(saved) => {
              setCompleting(false);
              notify({ severity: 'success', summary: 'Lavorazione completata', detail: `${formatInteger(saved.pezzi)} pezzi, ${formatArea(saved.mqProdotti)} nel lotto ${saved.lotto?.codice ?? ''}` });
            }}
          />
        )
      }
    >
      <LavorazionePavimentiStatoTag stato={lav.stato} testId="pavimenti-stato" />
      {lav.stato === 'in_lavorazione' && lav.dataInizio && <span className="text-color-secondary">dal {formatDate(lav.dataInizio)}</span>}
      {lav.stato === 'completata' && lav.dataFine && <span className="text-color-secondary">il {formatDate(lav.dataFine)}</span>}
    </StateMoveSection>
  );
}

function DataSection({ lav }: { lav: LavorazionePavimenti }) {
  const bloccoPath = lav.blocco ? detailPath(lav.blocco.origine === 'esterno' ? 'blocco-esterno' : 'blocco', lav.blocco._id) : null;
  return (
    <SectionCard titleId="pavimenti-data-title" title="Dati della lavorazione">
      <DetailList testId="pavimenti-data">
        <Item label="Codice">{lav.codice}</Item>
        <Item label="Origine">{lav.origine === 'blocco' ? 'Da un blocco' : `Da ${lav.lastre.length} lastre`}</Item>
        <Item label={lav.origine === 'blocco' ? 'Blocco' : 'Blocco delle lastre'}>
          {lav.blocco && bloccoPath && (
            <RecordLink to={bloccoPath} testId="pavimenti-blocco-link">
              {lav.blocco.codice}
            </RecordLink>
          )}
        </Item>
        <Item label="Materiale">{lav.materiale.nome}</Item>
        {lav.origine === 'lastre' && (
          <Item label="Lastre" wide>
            <span className="flex flex-wrap gap-2" data-testid="pavimenti-lastre-links">
              {lav.lastre.map((l) => (
                <RecordLink key={l._id} to={detailPath('lastra', l._id)}>
                  {l.codice}
                </RecordLink>
              ))}
            </span>
          </Item>
        )}
        <Item label="Formato">{`${formatoLabel(lav)} mm`}</Item>
        <Item label="Spessore">{`${lav.spessoreMm} mm`}</Item>
        <Item label="Finitura">{FINITURA_LABELS[lav.finitura]}</Item>
        <Item label="Bordo">{BORDO_LABELS[lav.bordo]}</Item>
        <Item label="Calibrato">{lav.calibrato ? 'Sì' : 'No'}</Item>
        <Item label="Inizio">{formatDate(lav.dataInizio)}</Item>
        <Item label="Fine">{formatDate(lav.dataFine)}</Item>
        <Item label="Pezzi">{lav.pezzi !== null ? formatInteger(lav.pezzi) : null}</Item>
        <Item label="m² prodotti">{formatArea(lav.mqProdotti)}</Item>
        <Item label="Scarto">{formatArea(lav.scartoMq)}</Item>
        <Item label="Resa">{lav.resa !== null ? formatResaPavimenti(lav) : null}</Item>
        <Item label="Lotto">
          {lav.lotto && (
            <RecordLink to={detailPath('lotto', lav.lotto._id)} testId="pavimenti-lotto-link">
              {lav.lotto.codice}
            </RecordLink>
          )}
        </Item>
        <Item label="Note" wide>
          {lav.note && <span className="pre-line">{lav.note}</span>}
        </Item>
        <Item label="Registrata il">{formatDateTime(lav.createdAt)}</Item>
        <Item label="Ultima modifica">{formatDateTime(lav.updatedAt)}</Item>
      </DetailList>
    </SectionCard>
  );
}
