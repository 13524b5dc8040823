import { Tag } from 'primereact/tag';
import {
  ANAGRAFICA_KIND_LABELS,
  ANAGRAFICA_LABELS as L,
  MODALITA_PAGAMENTO_LABELS,
  type Anagrafica,
  type AnagraficaKind,
} from '@gestcava/contracts';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { StatusTag } from '@/components/status-tag';
import { formatDate, formatDateTime } from '@/lib/format';
import { countryName, formatTelefono } from './anagrafica-format';

/** A cliente's or fornitore's data as a card: seat, contacts, tax and payment terms, notes. */
export function AnagraficaDataSection({
  kind,
  record: r,
}: {
  kind: AnagraficaKind;
  record: Anagrafica;
}) {
  const labels = ANAGRAFICA_KIND_LABELS[kind];
  return (
    <section className="card" aria-labelledby="anagrafica-data-title">
      <div className="flex align-items-center justify-content-between gap-2 mb-3">
        <h2 id="anagrafica-data-title" className="card-title m-0">
          Dati {labels.singolare === 'Cliente' ? 'del cliente' : 'del fornitore'}
        </h2>
        <span className="flex gap-2">
          {r.pubblicaAmministrazione && <Tag value="Pubblica amministrazione" severity="info" />}
          <StatusTag active={r.attivo} testId="anagrafica-status" />
        </span>
      </div>
      <DetailList testId="anagrafica-data">
        <Item label={L.ragioneSociale} wide>
          {r.ragioneSociale}
        </Item>
        <Item label={L.partitaIva}>{r.partitaIva}</Item>
        <Item label={L.codiceFiscale}>{r.codiceFiscale}</Item>
        <Item label={L.indirizzo} wide>
          {[
            r.indirizzo,
            [r.cap, r.comune, r.provincia ? `(${r.provincia})` : ''].filter(Boolean).join(' '),
          ].join(', ')}
        </Item>
        <Item label={L.nazione}>{`${countryName(r.nazione)} (${r.nazione})`}</Item>
        <Item label={L.telefono}>
          {r.telefono && <a href={`tel:${r.telefono}`}>{formatTelefono(r.telefono)}</a>}
        </Item>
        <Item label={L.email}>{r.email && <a href={`mailto:${r.email}`}>{r.email}</a>}</Item>
        <Item label={L.pec}>{r.pec && <a href={`mailto:${r.pec}`}>{r.pec}</a>}</Item>
        <Item label={L.referente}>{r.referente}</Item>
        <Item label={L.codiceSdi}>{r.codiceSdi}</Item>
        <Item label={L.iban}>{r.iban}</Item>
        <Item label={L.condizioniPagamento} wide>
          {r.condizioniPagamento}
        </Item>
        {r.pagamento && (
          <Item label={L.pagamento}>
            {`${MODALITA_PAGAMENTO_LABELS[r.pagamento.modalita]} a ${r.pagamento.giorni} giorni${r.pagamento.fineMese ? ' fine mese' : ''}`}
          </Item>
        )}
        {r.dichiarazioneIntento && (
          <Item label={L.dichiarazioneIntento}>
            {`Protocollo ${r.dichiarazioneIntento.protocollo} del ${formatDate(r.dichiarazioneIntento.data)}`}
          </Item>
        )}
        <Item label={L.note} wide>
          {r.note && <span className="pre-line">{r.note}</span>}
        </Item>
        <Item label="Creato il">{formatDateTime(r.createdAt)}</Item>
        <Item label="Ultima modifica">{formatDateTime(r.updatedAt)}</Item>
      </DetailList>
    </section>
  );
}
