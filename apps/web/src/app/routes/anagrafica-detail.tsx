import { useParams } from 'react-router';
import { AnagraficaDetail } from '@/features/anagrafica/components/anagrafica-detail';
import { CollaudiClienteSection } from '@/features/collaudi/components/collaudi-cliente-section';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { usePageHandle } from '../use-page-handle';
import { anagraficaKindOf } from './anagrafica-kind';

/**
 * /app/pages/clienti/:id and /app/pages/fornitori/:id; a cliente's page shows its collaudi and the
 * blocks it bought (features/collaudi) to a user who may read the collaudi.
 */
export function AnagraficaDetailPage() {
  const { page } = usePageHandle();
  const { id = '' } = useParams();
  const { user } = useSession();
  const kind = anagraficaKindOf(page);
  if (!kind) return null;
  const collaudi = kind === 'clienti' && can(user, 'collaudi', 'read');
  return (
    <AnagraficaDetail
      key={`${kind}/${id}`}
      kind={kind}
      id={id}
      extra={collaudi ? (r) => <CollaudiClienteSection clienteId={r._id} /> : undefined}
    />
  );
}

export const Component = AnagraficaDetailPage;
