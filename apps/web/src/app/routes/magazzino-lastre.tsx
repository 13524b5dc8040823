import { MagazzinoLastreView } from '@/features/magazzino-lastre/components/magazzino-lastre-view';
import { PrintLabelsButton } from '@/features/etichette/components/print-labels-button';

/** /app/pages/magazzino/lastre: the slabs tab of Magazzino → Lastre; ticked slabs also print their labels. */
export function MagazzinoLastrePage() {
  return (
    <MagazzinoLastreView
      tab="lastre"
      selectionActions={(lastre) => (
        <PrintLabelsButton entityType="lastra" ids={lastre.map((l) => l._id)} />
      )}
    />
  );
}

export const Component = MagazzinoLastrePage;
