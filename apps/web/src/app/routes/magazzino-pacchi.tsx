import { MagazzinoLastreView } from '@/features/magazzino-lastre/components/magazzino-lastre-view';

/** /app/pages/magazzino/pacchi: the bundles tab of Magazzino → Lastre */
export function MagazzinoPacchiPage() {
  return <MagazzinoLastreView tab="pacchi" />;
}

export const Component = MagazzinoPacchiPage;
