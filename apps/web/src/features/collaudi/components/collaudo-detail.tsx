import './collaudi.css';
import { useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import {
  COLLAUDO_STATI_MODIFICABILI,
  detailPath,
  ENTITY_PAGES,
  type Collaudo,
  type CollaudoRiga,
} from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { BackToList, DetailShell } from '@/components/detail/detail-shell';
import { HistorySection } from '@/components/detail/history-section';
import { useBackToList } from '@/components/detail/use-back-to-list';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { RecordLink } from '@/components/record-link';
import { SectionCard } from '@/components/section-card';
import { formatDate, formatDateTime } from '@/lib/format';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useCollaudo, useCollaudoHistory } from '../api/collaudi';
import { COLLAUDO_FIELD_LABELS, collaudoHistoryValue } from './collaudo-format';
import { CollaudoFormDialog } from './collaudo-form';
import { CollaudoRighe, CollaudoTotaliBar } from './collaudo-righe';
import { CollaudoStatoSection } from './collaudo-stato-section';
import { useRigheEditor } from './use-righe-editor';
import { VerbaleButton } from './verbale-button';

export interface CollaudoSlots {
  /** the photos panel of the collaudo */
  photos?: (c: Collaudo) => ReactNode;
  /** a card's camera button: the photo goes to the collaudo, tagged with the row's block */
  blockPhoto?: (c: Collaudo, riga: CollaudoRiga) => ReactNode;
  /** other features' header buttons (the DDT of the sold blocks) */
  actions?: (c: Collaudo) => ReactNode;
}

/** A collaudo (docs/domain.md "Collaudo"): header, state, the blocks one card each, totals, verbale, photos, history. */
export function CollaudoDetail({ id, ...slots }: { id: string } & CollaudoSlots) {
  const record = useCollaudo(id);
  const history = useCollaudoHistory(id);
  const backTo = useBackToList(ENTITY_PAGES.collaudo.path);
  const back = <BackToList to={backTo} label="Elenco collaudi" />;
  return (
    <DetailShell
      query={record}
      title="Collaudo"
      back={back}
      notFound={{
        title: 'Collaudo non trovato',
        text: 'Il collaudo richiesto non esiste o appartiene a un’altra ditta.',
      }}
    >
      {(c) => <CollaudoPage collaudo={c} back={back} history={history} {...slots} />}
    </DetailShell>
  );
}

function CollaudoPage({
  collaudo: c,
  back,
  history,
  photos,
  blockPhoto,
  actions,
}: {
  collaudo: Collaudo;
  back: ReactNode;
  history: ReturnType<typeof useCollaudoHistory>;
} & CollaudoSlots) {
  const { user } = useSession();
  const writable = can(user, 'collaudi', 'write');
  const editable = writable && COLLAUDO_STATI_MODIFICABILI.includes(c.stato);
  const editor = useRigheEditor(c);
  const [editing, setEditing] = useState(false);

  return (
    <div className="collaudo-page">
      <PageHeader title={`Collaudo ${c.codice}`} icon="pi pi-check-square">
        {back}
        <VerbaleButton collaudoId={c._id} codice={c.codice} />
        {actions?.(c)}
        {editable && (
          <Button
            type="button"
            label="Modifica"
            icon="pi pi-pencil"
            outlined
            onClick={() => setEditing(true)}
            data-testid="collaudo-edit"
          />
        )}
      </PageHeader>
      <div className="grid">
        <div className="col-12 xl:col-8">
          <CollaudoStatoSection
            collaudo={c}
            writable={writable}
            saveRows={editor.saveAll}
            draftOf={editor.draftFor}
          />
          <DataSection collaudo={c} />
          <CollaudoRighe
            collaudo={c}
            editable={editable}
            editor={editor}
            blockPhoto={blockPhoto ? (r) => blockPhoto(c, r) : undefined}
          />
        </div>
        <div className="col-12 xl:col-4">
          {photos?.(c)}
          <HistorySection
            query={history}
            fieldLabels={COLLAUDO_FIELD_LABELS}
            formatValue={collaudoHistoryValue}
          />
        </div>
      </div>
      <CollaudoTotaliBar totali={editable ? editor.totali : c.totali} live={editable} />
      {editing && (
        <CollaudoFormDialog
          record={c}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            notify({ severity: 'success', summary: 'Modifiche salvate', detail: c.codice });
          }}
        />
      )}
    </div>
  );
}

function DataSection({ collaudo: c }: { collaudo: Collaudo }) {
  return (
    <SectionCard titleId="collaudo-data-title" title="Dati del collaudo">
      <DetailList testId="collaudo-data">
        <Item label="Codice">{c.codice}</Item>
        <Item label="Data">{formatDate(c.data)}</Item>
        <Item label="Cliente">
          <RecordLink to={detailPath('cliente', c.cliente._id)} testId="collaudo-cliente-link">
            {c.cliente.ragioneSociale}
          </RecordLink>
        </Item>
        <Item label="Luogo">{c.luogo}</Item>
        <Item label="Ispettore">
          {[c.ispettore, c.ispettoreSocieta].filter(Boolean).join(', ')}
        </Item>
        <Item label="Riferimento ordine">{c.riferimentoOrdine}</Item>
        <Item label="Resa">{c.resa}</Item>
        <Item label="Carico">{c.carico}</Item>
        <Item label="Pagamento">{c.pagamento}</Item>
        <Item label="Note" wide>
          {c.note && <span className="pre-line">{c.note}</span>}
        </Item>
        <Item label="Registrato il">{formatDateTime(c.createdAt)}</Item>
        <Item label="Ultima modifica">{formatDateTime(c.updatedAt)}</Item>
      </DetailList>
    </SectionCard>
  );
}
