import { BancateList } from '@/features/bancate/components/bancate-list';
import { PrintLabelsButton } from '@/features/etichette/components/print-labels-button';

/** /app/bancate: the ticked bancate print their labels. */
export function BancateListPage() {
  return (
    <BancateList
      selectionActions={(bancate) => (
        <PrintLabelsButton entityType="bancata" ids={bancate.map((b) => b._id)} />
      )}
    />
  );
}

export const Component = BancateListPage;
