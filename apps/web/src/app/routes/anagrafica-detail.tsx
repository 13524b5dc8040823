import { useParams } from 'react-router';
import { AnagraficaDetail } from '@/features/anagrafica/components/anagrafica-detail';
import { CollaudiClienteSection } from '@/features/collaudi/components/collaudi-cliente-section';
import { LazyCondivisioniPanel as CondivisioniPanel } from '@/features/condivisioni/components/lazy';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { usePageHandle } from '../use-page-handle';
import { anagraficaKindOf } from './anagrafica-kind';

/**
 * /app/pages/clienti/:id and /app/pages/fornitori/:id; a cliente's page shows its collaudi and the
 * blocks it bought (features/collaudi) to a user who may read the collaudi, and the links sent to it.
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
      extra={
        kind === 'clienti'
          ? (r) => (
              <>
                {collaudi && <CollaudiClienteSection clienteId={r._id} />}
                <CondivisioniPanel
                  filter={{ clienteId: r._id }}
                  canWrite={can(user, 'collaudi', 'write') || can(user, 'blocchi', 'write')}
                />
              </>
            )
          : undefined
      }
    />
  );
}

export const Component = AnagraficaDetailPage;
