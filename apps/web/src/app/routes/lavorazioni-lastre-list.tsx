import { LavorazioniLastreList } from '@/features/lavorazioni-lastre/components/lavorazioni-lastre-list';

/** /app/pages/lastre */
export function LavorazioniLastreListPage() {
  return <LavorazioniLastreList />;
}

export const Component = LavorazioniLastreListPage;
