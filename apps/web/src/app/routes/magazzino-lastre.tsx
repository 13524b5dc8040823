import { MagazzinoLastreView } from '@/features/magazzino-lastre/components/magazzino-lastre-view';

/** /app/pages/magazzino/lastre: the slabs tab of Magazzino → Lastre */
export function MagazzinoLastrePage() {
  return <MagazzinoLastreView tab="lastre" />;
}

export const Component = MagazzinoLastrePage;
