import type { ReactNode } from 'react';
import {
  BLOCCO_STATO_LABELS,
  DIFETTO_LABELS,
  detailPath,
  SCELTA_LABELS,
  type CollaudoRiga,
} from '@gestcava/contracts';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { BloccoStatoTag } from '@/components/stato-tag';
import { RecordLink } from '@/components/record-link';
import { formatEuroCents, formatVolume, formatWeight } from '@/lib/format';
import { formatAbbuono, formatPrezzo, misure } from './collaudo-format';
import { EsitoTag } from './collaudo-stato';

/** A row as it was recorded, when it can no longer be changed (or the user may not). */
export function RigaView({
  riga: r,
  index,
  photo,
}: {
  riga: CollaudoRiga;
  index: number;
  photo?: ReactNode;
}) {
  const b = r.blocco;
  const titleId = `riga-${index + 1}-title`;
  const rilevate =
    r.lunghezzaRilevata !== null || r.altezzaRilevata !== null || r.profonditaRilevata !== null;
  return (
    <article
      className="card riga-card"
      aria-labelledby={titleId}
      data-testid="riga-card"
      data-codice={b.codice}
    >
      <header className="riga-card-head">
        <div className="riga-card-title">
          <h3 id={titleId} className="m-0">
            <span className="riga-card-n">{index + 1}.</span>{' '}
            <RecordLink
              to={detailPath(b.origine === 'esterno' ? 'blocco-esterno' : 'blocco', b._id)}
            >
              {b.codice}
            </RecordLink>
          </h3>
          <span className="text-color-secondary">
            {[b.materiale.nome, SCELTA_LABELS[b.scelta]].join(' · ')}
          </span>
        </div>
        <div className="riga-card-actions">
          <EsitoTag esito={r.esito} testId="riga-esito" />
          <BloccoStatoTag stato={b.stato} testId="riga-blocco-stato" />
          {photo}
        </div>
      </header>
      <DetailList>
        <Item label="Misure dichiarate">{`${misure(b.lunghezza, b.altezza, b.profondita)} · ${formatVolume(b.volume)}`}</Item>
        <Item label="Misure rilevate">
          {rilevate
            ? misure(
                r.lunghezzaRilevata ?? b.lunghezza,
                r.altezzaRilevata ?? b.altezza,
                r.profonditaRilevata ?? b.profondita,
              )
            : 'come dichiarate'}
        </Item>
        <Item label="Difetti dichiarati">
          {b.difettiDichiarati.map((d) => DIFETTO_LABELS[d]).join(', ') || 'nessuno'}
        </Item>
        <Item label="Difetti riscontrati">
          {r.difettiRiscontrati.map((d) => DIFETTO_LABELS[d]).join(', ') || 'nessuno'}
        </Item>
        <Item label="Abbuono">{formatAbbuono(r.abbuonoTipo, r.abbuonoValore)}</Item>
        <Item label="Scelta assegnata">
          {r.sceltaAssegnata ? SCELTA_LABELS[r.sceltaAssegnata] : null}
        </Item>
        <Item label="Prezzo">{formatPrezzo(r.prezzo, r.unitaPrezzo)}</Item>
        <Item label="Peso">{`${formatWeight(r.peso)} ${r.pesoBase}`}</Item>
        <Item label="m³ netti">{formatVolume(r.volumeNettoAccettato)}</Item>
        <Item label="Importo">{r.importo !== null ? formatEuroCents(r.importo) : null}</Item>
        <Item label="Prima del collaudo">{BLOCCO_STATO_LABELS[r.statoPrecedente]}</Item>
        <Item label={r.esito === 'accettato_con_riserva' ? 'Riserva' : 'Note'} wide>
          {r.note && <span className="pre-line">{r.note}</span>}
        </Item>
      </DetailList>
    </article>
  );
}
