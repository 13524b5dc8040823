import {
  BORDO_LABELS,
  detailPath,
  FINITURA_LABELS,
  formatoLabel,
  LAVORAZIONE_PAVIMENTI_STATO_LABELS,
  LAVORAZIONE_PAVIMENTI_TRANSITIONS,
  type LavorazionePavimenti,
  type LavorazionePavimentiStato,
} from '@gestcava/contracts';
import {
  ProcessingDetail,
  ProcessingStatoSection,
  type ProcessingKind,
} from '@/components/detail/processing-detail';
import { DetailItem as Item, DetailList, RecordNoteItems } from '@/components/detail-list';
import { SectionCard } from '@/components/section-card';
import { RecordLink } from '@/components/record-link';
import { formatArea, formatDate, formatInteger } from '@/lib/format';
import {
  useLavorazionePavimenti,
  useLavorazionePavimentiHistory,
  useChangeLavorazionePavimentiStato,
} from '../api/lavorazioni-pavimenti';
import { CompletaPavimentiDialog } from './completa-pavimenti-dialog';
import {
  formatResaPavimenti,
  LAVORAZIONE_PAVIMENTI_FIELD_LABELS,
  LAVORAZIONE_PAVIMENTI_MOVES,
  lavorazionePavimentiHistoryValue,
} from './lavorazione-pavimenti-format';
import { LavorazionePavimentiStatoTag } from './lavorazione-pavimenti-stato';

const LAVORAZIONE: ProcessingKind<LavorazionePavimentiStato, LavorazionePavimenti> = {
  name: 'pavimenti',
  entity: 'lavorazione-pavimenti',
  listLabel: 'Elenco lavorazioni',
  title: 'Lavorazione pavimenti',
  heading: 'Lavorazione',
  icon: 'pi pi-table',
  notFound: {
    title: 'Lavorazione non trovata',
    text: 'La lavorazione richiesta non esiste o appartiene a un’altra ditta.',
  },
  fieldLabels: LAVORAZIONE_PAVIMENTI_FIELD_LABELS,
  labels: LAVORAZIONE_PAVIMENTI_STATO_LABELS,
  moves: LAVORAZIONE_PAVIMENTI_MOVES,
  transitions: LAVORAZIONE_PAVIMENTI_TRANSITIONS,
  running: 'in_lavorazione',
  StatoTag: LavorazionePavimentiStatoTag,
  complete: {
    label: 'Completa: carica il lotto',
    Dialog: CompletaPavimentiDialog,
    summary: 'Lavorazione completata',
    detail: (saved) =>
      `${formatInteger(saved.pezzi)} pezzi, ${formatArea(saved.mqProdotti)} nel lotto ${saved.lotto?.codice ?? ''}`,
  },
  cancel: {
    title: 'Annullare la lavorazione?',
    body: (lav) =>
      `${lav.codice} non sarà tagliata: ${lav.origine === 'blocco' ? `il blocco ${lav.blocco?.codice ?? ''} torna disponibile` : `le ${lav.lastre.length} lastre tornano disponibili`}. La lavorazione resta nel registro, con il suo storico.`,
  },
};

/** A tile cut (docs/domain.md): its origin, format, state moves, completion into a lot, history. */
export function LavorazionePavimentiDetail({ id }: { id: string }) {
  const record = useLavorazionePavimenti(id);
  const history = useLavorazionePavimentiHistory(id);
  return (
    <ProcessingDetail
      kind={LAVORAZIONE}
      query={record}
      history={history}
      formatValue={(lav) => (field, value) =>
        lavorazionePavimentiHistoryValue(field, value, lav.origine)
      }
    >
      {(lav, writable) => (
        <>
          <StatoSection lav={lav} writable={writable} />
          <DataSection lav={lav} />
        </>
      )}
    </ProcessingDetail>
  );
}

function StatoSection({ lav, writable }: { lav: LavorazionePavimenti; writable: boolean }) {
  const mutation = useChangeLavorazionePavimentiStato(lav._id);
  return (
    <ProcessingStatoSection
      kind={LAVORAZIONE}
      record={lav}
      writable={writable}
      mutation={mutation}
    />
  );
}

function DataSection({ lav }: { lav: LavorazionePavimenti }) {
  const bloccoPath = lav.blocco
    ? detailPath(lav.blocco.origine === 'esterno' ? 'blocco-esterno' : 'blocco', lav.blocco._id)
    : null;
  return (
    <SectionCard titleId="pavimenti-data-title" title="Dati della lavorazione">
      <DetailList testId="pavimenti-data">
        <Item label="Codice">{lav.codice}</Item>
        <Item label="Origine">
          {lav.origine === 'blocco' ? 'Da un blocco' : `Da ${lav.lastre.length} lastre`}
        </Item>
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
        <RecordNoteItems record={lav} />
      </DetailList>
    </SectionCard>
  );
}
