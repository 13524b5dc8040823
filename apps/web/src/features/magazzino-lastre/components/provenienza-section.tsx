import { detailPath, type Lastra, type Pacco } from '@gestcava/contracts';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { RecordLink } from '@/components/record-link';
import { SectionCard } from '@/components/section-card';

/**
 * Where a bundle or a slab comes from, up to the quarry face (DESIGN §1): the sawing, the block
 * (own or bought-in), and for an own block its bancata and cava. Linked where the user may look.
 */
export function ProvenienzaSection({ item, pacco }: { item: Pick<Pacco, 'blocco' | 'bancata' | 'cava' | 'lavorazione'>; pacco?: Lastra['pacco'] }) {
  const bloccoPath = detailPath(item.blocco.origine === 'esterno' ? 'blocco-esterno' : 'blocco', item.blocco._id);
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
        <Item label="Segagione">
          <RecordLink to={detailPath('lavorazione-lastre', item.lavorazione._id)} testId="provenienza-lavorazione">
            {item.lavorazione.codice}
          </RecordLink>
        </Item>
        <Item label={item.blocco.origine === 'esterno' ? 'Blocco (acquistato)' : 'Blocco'}>
          <RecordLink to={bloccoPath} testId="provenienza-blocco">
            {item.blocco.codice}
          </RecordLink>
        </Item>
        {item.blocco.origine === 'interno' && (
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
