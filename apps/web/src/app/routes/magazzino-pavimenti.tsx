import { LottiList } from '@/features/magazzino-pavimenti/components/lotti-list';

/** /app/pages/magazzino/pavimenti */
export function MagazzinoPavimentiPage() {
  return <LottiList />;
}

export const Component = MagazzinoPavimentiPage;
