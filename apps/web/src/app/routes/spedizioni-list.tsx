import { SpedizioniList } from '@/features/spedizioni/components/spedizioni-list';

/** /app/pages/spedizioni */
export function SpedizioniListPage() {
  return <SpedizioniList />;
}

export const Component = SpedizioniListPage;
