import { AnagraficaList } from '@/features/anagrafica/components/anagrafica-list';
import { usePageHandle } from '../use-page-handle';
import { anagraficaKindOf } from './anagrafica-kind';

/** /app/pages/clienti and /app/pages/fornitori: one feature, the kind from the route. */
export function AnagraficaListPage() {
  const { page } = usePageHandle();
  const kind = anagraficaKindOf(page);
  if (!kind) return null;
  // a new kind remounts the page: no state of clienti leaks into fornitori
  return <AnagraficaList key={kind} kind={kind} />;
}

export const Component = AnagraficaListPage;
