import { LavorazioniPavimentiList } from '@/features/lavorazioni-pavimenti/components/lavorazioni-pavimenti-list';

/** /app/pages/pavimenti */
export function LavorazioniPavimentiListPage() {
  return <LavorazioniPavimentiList />;
}

export const Component = LavorazioniPavimentiListPage;
