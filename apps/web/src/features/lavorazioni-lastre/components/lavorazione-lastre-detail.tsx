import { useState } from 'react';
import { Button } from 'primereact/button';
import {
  detailPath,
  FINITURA_LABELS,
  LAVORAZIONE_LASTRE_STATO_LABELS,
  LAVORAZIONE_LASTRE_TRANSITIONS,
  type LavorazioneLastre,
  type LavorazioneLastreStato,
} from '@gestcava/contracts';
import {
  ProcessingDetail,
  ProcessingStatoSection,
  type ProcessingKind,
} from '@/components/detail/processing-detail';
import { DetailItem as Item, DetailList, RecordNoteItems } from '@/components/detail-list';
import { SectionCard } from '@/components/section-card';
import { RecordLink } from '@/components/record-link';
import { formatArea, formatDate, formatInteger, formatNumber, formatVolume } from '@/lib/format';
import { formatDims } from '@/lib/production-format';
import { notify } from '@/lib/toast';
import {
  useLavorazioneLastre,
  useLavorazioneLastreHistory,
  useChangeLavorazioneLastreStato,
} from '../api/lavorazioni-lastre';
import { CompletaDialog } from './completa-dialog';
import { LavorazioneLastreFormDialog } from './lavorazione-lastre-form';
import {
  formatResa,
  LAVORAZIONE_LASTRE_FIELD_LABELS,
  LAVORAZIONE_LASTRE_MOVES,
  lavorazioneHistoryValue,
} from './lavorazione-lastre-format';
import { LavorazioneLastreStatoTag } from './lavorazione-lastre-stato';
import '@/components/list/list-cards.css';
import './lavorazioni-lastre.css';

const SEGAGIONE: ProcessingKind<LavorazioneLastreStato, LavorazioneLastre> = {
  name: 'lavorazione',
  entity: 'lavorazione-lastre',
  listLabel: 'Elenco segagioni',
  title: 'Segagione',
  heading: 'Segagione',
  icon: 'pi pi-clone',
  notFound: {
    title: 'Segagione non trovata',
    text: 'La segagione richiesta non esiste o appartiene a un’altra ditta.',
  },
  fieldLabels: LAVORAZIONE_LASTRE_FIELD_LABELS,
  labels: LAVORAZIONE_LASTRE_STATO_LABELS,
  moves: LAVORAZIONE_LASTRE_MOVES,
  transitions: LAVORAZIONE_LASTRE_TRANSITIONS,
  running: 'in_segagione',
  StatoTag: LavorazioneLastreStatoTag,
  complete: {
    label: 'Completa: registra le lastre',
    Dialog: CompletaDialog,
    summary: 'Segagione completata',
    detail: (saved) =>
      `${formatInteger(saved.numeroLastre)} lastre, ${formatArea(saved.mqTotali)} in ${saved.pacchi.map((p) => p.codice).join(', ')}`,
  },
  cancel: {
    title: 'Annullare la segagione?',
    body: (lav) =>
      `${lav.codice} non sarà segata: il blocco ${lav.blocco.codice} torna disponibile. La segagione resta nel registro, con il suo storico.`,
  },
};

/**
 * A sawing (docs/domain.md): its plan and block, the moves its state allows (start,
 * cancel), the completion screen while it is being sawn, the pacchi it produced, its history.
 */
export function LavorazioneLastreDetail({ id }: { id: string }) {
  const record = useLavorazioneLastre(id);
  const history = useLavorazioneLastreHistory(id);
  const names = (lav: LavorazioneLastre) => new Map([[lav.macchina._id, lav.macchina.nome]]);
  return (
    <ProcessingDetail
      kind={SEGAGIONE}
      query={record}
      history={history}
      formatValue={(lav) => lavorazioneHistoryValue(names(lav))}
      headerActions={(lav, writable) =>
        writable && lav.stato === 'pianificata' && <EditAction lav={lav} />
      }
    >
      {(lav, writable) => (
        <>
          <StatoSection lav={lav} writable={writable} />
          <DataSection lav={lav} />
          <PacchiSection lav={lav} />
        </>
      )}
    </ProcessingDetail>
  );
}

/** Changing the plan (machine, thickness, finish…) while the block is not yet on the saw. */
function EditAction({ lav }: { lav: LavorazioneLastre }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        label="Modifica"
        icon="pi pi-pencil"
        onClick={() => setOpen(true)}
        data-testid="lavorazione-edit"
      />
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
  return (
    <ProcessingStatoSection kind={SEGAGIONE} record={lav} writable={writable} mutation={mutation} />
  );
}

function DataSection({ lav }: { lav: LavorazioneLastre }) {
  const bloccoPath = detailPath(
    lav.blocco.origine === 'esterno' ? 'blocco-esterno' : 'blocco',
    lav.blocco._id,
  );
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
        <Item label="Misure nette del blocco">
          {formatDims(
            lav.blocco.lunghezzaNetta,
            lav.blocco.altezzaNetta,
            lav.blocco.profonditaNetta,
          )}
        </Item>
        <Item label="Volume netto">{formatVolume(lav.blocco.volumeNetto)}</Item>
        <Item label="Macchina">{`${lav.macchina.nome} (taglio ${formatNumber(lav.macchina.kerfMm)} mm)`}</Item>
        <Item label="Conto terzi">
          {lav.contoTerzi ? `Sì: ${lav.terzista?.ragioneSociale ?? ''}` : 'No'}
        </Item>
        <Item label="Spessore">{`${lav.spessoreMm} mm`}</Item>
        <Item label="Finitura">{FINITURA_LABELS[lav.finitura]}</Item>
        <Item label="Resinatura">{lav.resinatura ? 'Sì' : 'No'}</Item>
        <Item label="Inizio segagione">{formatDate(lav.dataInizio)}</Item>
        <Item label="Fine segagione">{formatDate(lav.dataFine)}</Item>
        <Item label="Lastre">
          {lav.numeroLastre !== null ? formatInteger(lav.numeroLastre) : null}
        </Item>
        <Item label="m² totali">{formatArea(lav.mqTotali)}</Item>
        <Item label="Resa">{formatResa(lav.resa)}</Item>
        <Item label="Resa teorica massima">{formatResa(lav.resaTeorica)}</Item>
        <RecordNoteItems record={lav} />
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
        <ul className="list-cards-items lavorazione-pacchi" data-testid="lavorazione-pacchi">
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
