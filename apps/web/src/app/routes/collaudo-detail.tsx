import { useParams } from 'react-router';
import { LazyCondividiButton as CondividiButton } from '@/features/condivisioni/components/lazy';
import { CollaudoDetail } from '@/features/collaudi/components/collaudo-detail';
import { PhotoPanel } from '@/features/photos/components/photo-panel';
import { CameraQuickButton } from '@/features/photos/components/camera-quick-button';
import { CreaDdtCollaudo } from '@/features/spedizioni/components/crea-ddt-button';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';

/**
 * /app/pages/collaudi/:id, with the photos feature's panel (write on collaudi to upload) and a
 * camera button on each block's card: the photo goes to the collaudo, tagged with that block; once
 * confirmed, "Crea DDT" ships its sold blocks (features/spedizioni); its blocks can be shared with
 * its cliente through a link (features/condivisioni).
 */
export function CollaudoDetailPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const writable = can(user, 'collaudi', 'write');
  return (
    <CollaudoDetail
      key={id}
      id={id}
      actions={(c) => (
        <>
          <CreaDdtCollaudo collaudo={c} />
          {writable && c.righe.length > 0 && (
            <CondividiButton
              blocchi={c.righe.map((r) => ({ _id: r.bloccoId, codice: r.blocco.codice }))}
              cliente={c.cliente}
            />
          )}
        </>
      )}
      photos={(c) => (
        <PhotoPanel
          entity={{ entityType: 'collaudo', entityId: c._id, codice: c.codice }}
          writable={writable}
        />
      )}
      blockPhoto={
        writable
          ? (c, riga) => (
              <CameraQuickButton
                entity={{
                  entityType: 'collaudo',
                  entityId: c._id,
                  codice: c.codice,
                  bloccoId: riga.bloccoId,
                }}
                what={`${c.codice}, blocco ${riga.blocco.codice}`}
                className="p-button-outlined"
                testId="riga-foto"
              />
            )
          : undefined
      }
    />
  );
}

export const Component = CollaudoDetailPage;
