import { detailPath, type Lastra, type Pacco } from '@gestcava/contracts';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { RecordLink } from '@/components/record-link';
import { SectionCard } from '@/components/section-card';

/**
 * Where a bundle or a slab comes from, up to the quarry face (DESIGN §1): the sawing, the block
 * (own or bought-in), and for an own block its bancata and cava. Linked where the user may look.
 * One received from a group company names the sender and its block's code only (DESIGN §4).
 */
export function ProvenienzaSection({ item, pacco }: { item: Pick<Pacco, 'blocco' | 'bancata' | 'cava' | 'lavorazione' | 'trasferitoDa'>; pacco?: Lastra['pacco'] }) {
  const { blocco, trasferitoDa } = item;
  return (
    <SectionCard titleId="provenienza-title" title="Provenienza" icon="pi pi-sitemap">
      <DetailList testId="provenienza">
        {pacco && (
          <Item label="Pacco">
            <RecordLink to={detailPath('pacco', pacco._id)} testId="provenienza-pacco">
              {pacco.codice}
            </RecordLink>
          </Item>
        )}
        {trasferitoDa && <Item label="Trasferito da">{trasferitoDa.ditta}</Item>}
        {item.lavorazione && (
          <Item label="Segagione">
            <RecordLink to={detailPath('lavorazione-lastre', item.lavorazione._id)} testId="provenienza-lavorazione">
              {item.lavorazione.codice}
            </RecordLink>
          </Item>
        )}
        <Item label={blocco?.origine === 'esterno' ? 'Blocco (acquistato)' : 'Blocco'}>
          {blocco ? (
            <RecordLink to={detailPath(blocco.origine === 'esterno' ? 'blocco-esterno' : 'blocco', blocco._id)} testId="provenienza-blocco">
              {blocco.codice}
            </RecordLink>
          ) : (
            trasferitoDa?.blocco
          )}
        </Item>
        {blocco?.origine === 'interno' && (
          <>
            <Item label="Bancata">
              {item.bancata && (
                <RecordLink to={detailPath('bancata', item.bancata._id)} testId="provenienza-bancata">
                  {item.bancata.codice}
                </RecordLink>
              )}
            </Item>
            <Item label="Cava">{item.cava?.nome}</Item>
          </>
        )}
      </DetailList>
    </SectionCard>
  );
}
