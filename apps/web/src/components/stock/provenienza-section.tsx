import { detailPath, type Lastra, type Pacco } from '@gestcava/contracts';
import { DetailItem as Item, DetailList } from '@/components/detail-list';
import { RecordLink } from '@/components/record-link';
import { SectionCard } from '@/components/section-card';

/**
 * Where a bundle, a slab or a tile lot comes from, up to the quarry face (docs/domain.md "The flow"): the sawing or
 * tile cut, the block (own or bought-in), and for an own block its bancata and cava. Linked where
 * the user may look. One received from a group company names the sender and its block's code only
 * (docs/domain.md).
 */
export function ProvenienzaSection({
  item,
  lavorazione = { label: 'Segagione', kind: 'lavorazione-lastre' },
  pacco,
  idPrefix,
}: {
  item: Pick<Pacco, 'blocco' | 'bancata' | 'cava' | 'lavorazione' | 'trasferitoDa'>;
  /** the processing that made it: the sawing (bundles, slabs) or the tile cut (lots) */
  lavorazione?: { label: string; kind: 'lavorazione-lastre' | 'lavorazione-pavimenti' };
  /** a slab's bundle */
  pacco?: Lastra['pacco'];
  /** the test ids' prefix (`<prefix>-provenienza`, `<prefix>-blocco`…); none: `provenienza`, `provenienza-blocco`… */
  idPrefix?: string;
}) {
  const { blocco, trasferitoDa } = item;
  const section = idPrefix ? `${idPrefix}-provenienza` : 'provenienza';
  const link = idPrefix ?? 'provenienza';
  return (
    <SectionCard titleId={`${section}-title`} title="Provenienza" icon="pi pi-sitemap">
      <DetailList testId={section}>
        {pacco && (
          <Item label="Pacco">
            <RecordLink to={detailPath('pacco', pacco._id)} testId={`${link}-pacco`}>
              {pacco.codice}
            </RecordLink>
          </Item>
        )}
        {trasferitoDa && <Item label="Trasferito da">{trasferitoDa.ditta}</Item>}
        {item.lavorazione && (
          <Item label={lavorazione.label}>
            <RecordLink
              to={detailPath(lavorazione.kind, item.lavorazione._id)}
              testId={`${link}-lavorazione`}
            >
              {item.lavorazione.codice}
            </RecordLink>
          </Item>
        )}
        <Item label={blocco?.origine === 'esterno' ? 'Blocco (acquistato)' : 'Blocco'}>
          {blocco ? (
            <RecordLink
              to={detailPath(
                blocco.origine === 'esterno' ? 'blocco-esterno' : 'blocco',
                blocco._id,
              )}
              testId={`${link}-blocco`}
            >
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
                <RecordLink to={detailPath('bancata', item.bancata._id)} testId={`${link}-bancata`}>
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
