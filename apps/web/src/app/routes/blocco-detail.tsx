import { useParams } from 'react-router';
import { BloccoDetail } from '@/features/blocchi/components/blocco-detail';
import { PhotoPanel } from '@/features/photos/components/photo-panel';
import { CameraQuickButton } from '@/features/photos/components/camera-quick-button';
import { TrasferimentiPanel } from '@/features/trasferimenti/components/trasferimenti-panel';
import { LazyCondivisioniPanel as CondivisioniPanel } from '@/features/condivisioni/components/lazy';
import { PrintLabelsButton } from '@/features/etichette/components/print-labels-button';
import { formatVolume } from '@/lib/format';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { usePageHandle } from '../use-page-handle';
import { bloccoKindOf } from './blocchi-kind';

/**
 * /app/pages/blocchi/:id and /app/pages/blocchi-esterni/:id, with the photos feature's panel
 * (uploading and deleting a block's photos needs write on its own page, blocchi or blocchi-esterni)
 * and the transfers' (a block leaves for a group company with the same write).
 */
export function BloccoDetailPage() {
  const { page } = usePageHandle();
  const { id = '' } = useParams();
  const { user } = useSession();
  const kind = bloccoKindOf(page);
  if (!kind) return null;
  const writable = can(user, kind, 'write');
  return (
    <BloccoDetail
      key={`${kind}/${id}`}
      kind={kind}
      id={id}
      photos={(blocco) => (
        <PhotoPanel
          entity={{ entityType: 'blocco', entityId: blocco._id, codice: blocco.codice }}
          writable={writable}
        />
      )}
      quickPhoto={(blocco) =>
        writable ? (
          <CameraQuickButton
            entity={{ entityType: 'blocco', entityId: blocco._id, codice: blocco.codice }}
          />
        ) : null
      }
      headerExtra={(blocco) => (
        <PrintLabelsButton entityType="blocco" ids={[blocco._id]} codice={blocco.codice} />
      )}
      trasferimenti={(blocco) => (
        <>
          <CondivisioniPanel
            filter={{ bloccoId: blocco._id }}
            share={{ _id: blocco._id, codice: blocco.codice }}
            canWrite={writable || can(user, 'collaudi', 'write')}
          />
          <TrasferimentiPanel
            item={{
              tipo: 'blocco',
              id: blocco._id,
              codice: blocco.codice,
              descrizione: `${blocco.materiale.nome} · ${formatVolume(blocco.volumeNetto)} netti`,
            }}
            // a disponibile block goes (an expired option reads as disponibile): the server checks again
            canTransfer={writable && blocco.stato === 'disponibile'}
          />
        </>
      )}
    />
  );
}

export const Component = BloccoDetailPage;
