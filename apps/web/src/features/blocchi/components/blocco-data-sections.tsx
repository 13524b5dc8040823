import { Link } from 'react-router';
import { Skeleton } from 'primereact/skeleton';
import {
  CATEGORIA_LABELS,
  detailPath,
  DIFETTO_LABELS,
  SCELTA_LABELS,
  type Blocco,
  type GenealogyNode,
  type PageKey,
} from '@gestcava/contracts';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { GenealogyLinks } from '@/components/genealogy-links';
import {
  formatDate,
  formatDateTime,
  formatEuro,
  formatNumber,
  formatVolume,
  formatWeight,
} from '@/lib/format';
import { formatDims } from '@/lib/production-format';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { bollaText, formatPrezzo, formatPrezzoAcquisto } from './blocco-format';
import { PesoBlocco } from '@/components/peso-blocco';
import { SectionCard } from '@/components/section-card';

/** The page each genealogy node opens, to link only what the user may see. */
const NODE_PAGE: Record<string, PageKey> = {
  bancata: 'bancate',
  fornitore: 'fornitori',
  cliente: 'clienti',
  collaudo: 'collaudi',
  lavorazione: 'lavorazione-lastre',
  lastra: 'magazzino-lastre',
  pacco: 'magazzino-lastre',
  lotto: 'magazzino-pavimenti',
};

/** "Dati del blocco": identity, origin, quality, defects, notes. */
export function BloccoDataSection({ blocco: b }: { blocco: Blocco }) {
  const { user } = useSession();
  return (
    <SectionCard titleId="blocco-data-title" title="Dati del blocco">
      <DetailList testId="blocco-data">
        <Item label="Codice">{b.codice}</Item>
        <Item label="Materiale">{b.materiale.nome}</Item>
        <Item label="Scelta">{SCELTA_LABELS[b.scelta]}</Item>
        <Item label="Categoria">{CATEGORIA_LABELS[b.categoria]}</Item>
        <Item label="Ubicazione">{b.ubicazione?.nome}</Item>
        <Item label="Codice di tracciabilità">{b.codiceTracciabilita}</Item>
        {b.origine === 'interno' ? (
          <>
            <Item label="Bancata">
              {b.bancata &&
                (can(user, 'bancate', 'read') ? (
                  <Link to={detailPath('bancata', b.bancata._id)}>{b.bancata.codice}</Link>
                ) : (
                  b.bancata.codice
                ))}
            </Item>
            <Item label="Cava">{b.cava?.nome}</Item>
            <Item label="Data riquadratura">{formatDate(b.dataRiquadratura)}</Item>
          </>
        ) : (
          <>
            <Item label="Fornitore">{b.fornitore?.ragioneSociale}</Item>
            <Item label="Numero del fornitore">{b.numeroFornitore}</Item>
          </>
        )}
        <Item label="Prezzo di listino">{formatPrezzo(b.prezzoListino, b.unitaPrezzo)}</Item>
        <Item label="Difetti" wide>
          {b.difettoso ? (
            <span>
              {b.difetti.length ? b.difetti.map((d) => DIFETTO_LABELS[d]).join(', ') : 'Difettoso'}
              {b.noteDifetti && (
                <span className="block pre-line text-color-secondary mt-1">{b.noteDifetti}</span>
              )}
            </span>
          ) : (
            'Nessuno (sano)'
          )}
        </Item>
        <Item label="Note" wide>
          {b.note && <span className="pre-line">{b.note}</span>}
        </Item>
        <Item label="Registrato il">{formatDateTime(b.createdAt)}</Item>
        <Item label="Ultima modifica">{formatDateTime(b.updatedAt)}</Item>
      </DetailList>
    </SectionCard>
  );
}

/** Gross and net measures with their volumes, and the weights. */
export function BloccoMisureSection({ blocco: b }: { blocco: Blocco }) {
  const sameNet =
    b.lunghezzaNetta === b.lunghezza &&
    b.altezzaNetta === b.altezza &&
    b.profonditaNetta === b.profondita;
  return (
    <SectionCard titleId="blocco-misure-title" title="Misure, volumi e peso">
      <DetailList testId="blocco-misure">
        <Item label="Misure lorde (L × H × P)">
          {formatDims(b.lunghezza, b.altezza, b.profondita)}
        </Item>
        <Item label="Volume lordo">{formatVolume(b.volumeLordo)}</Item>
        <Item label="Misure nette (L × H × P)">
          {formatDims(b.lunghezzaNetta, b.altezzaNetta, b.profonditaNetta)}
          {sameNet && <span className="text-color-secondary"> (uguali alle lorde)</span>}
        </Item>
        <Item label="Volume netto">{formatVolume(b.volumeNetto)}</Item>
        <Item label={`Peso teorico (${formatNumber(b.materiale.densita, 2)} t/m³)`}>
          {formatWeight(b.pesoTeorico)}
        </Item>
        <Item label="Peso alla pesa">{formatWeight(b.pesoPesa)}</Item>
        <Item label="Peso (pesa, altrimenti teorico)">
          <PesoBlocco peso={b.peso} />
        </Item>
        <Item label="Pesata">{b.pesoPesa != null ? bollaText(b) : null}</Item>
      </DetailList>
    </SectionCard>
  );
}

/** The purchase of a bought-in blocco. */
export function BloccoAcquistoSection({ blocco: b }: { blocco: Blocco }) {
  return (
    <SectionCard titleId="blocco-acquisto-title" title="Acquisto">
      <DetailList testId="blocco-acquisto">
        <Item label="Fornitore">{b.fornitore?.ragioneSociale}</Item>
        <Item label="Data di acquisto">{formatDate(b.dataAcquisto)}</Item>
        <Item label="Prezzo di acquisto">{formatPrezzoAcquisto(b)}</Item>
        <Item label="Costo di trasporto">{formatEuro(b.costoTrasporto)}</Item>
      </DetailList>
    </SectionCard>
  );
}

/** Where the blocco comes from and what it became, linked where the user may look. */
export function BloccoGenealogySection({
  query,
}: {
  query: { data?: GenealogyNode[]; isPending: boolean; isError: boolean; error: Error | null };
}) {
  const { user } = useSession();
  const canOpenNode = (n: GenealogyNode) => {
    const page = NODE_PAGE[n.entityType];
    return page ? can(user, page, 'read') : true;
  };
  return (
    <SectionCard titleId="blocco-genealogia-title" title="Genealogia" icon="pi pi-sitemap">
      {query.isPending ? (
        <Skeleton width="60%" height="3rem" />
      ) : query.isError || !query.data ? (
        <p className="m-0 text-color-secondary">
          Genealogia non disponibile: {query.error?.message}
        </p>
      ) : (
        <GenealogyLinks
          nodes={query.data}
          canOpen={canOpenNode}
          emptyText="Nessun collegamento registrato."
        />
      )}
    </SectionCard>
  );
}
