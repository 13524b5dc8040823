import { useParams } from 'react-router';
import { AnagraficaDetail } from '@/features/anagrafica/components/anagrafica-detail';
import { usePageHandle } from '../use-page-handle';
import { anagraficaKindOf } from './anagrafica-kind';

/** /app/pages/clienti/:id and /app/pages/fornitori/:id */
export function AnagraficaDetailPage() {
  const { page } = usePageHandle();
  const { id = '' } = useParams();
  const kind = anagraficaKindOf(page);
  if (!kind) return null;
  return <AnagraficaDetail key={`${kind}/${id}`} kind={kind} id={id} />;
}

export const Component = AnagraficaDetailPage;
