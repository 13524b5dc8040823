import { useParams } from 'react-router';
import { LastraDetailView } from '@/features/magazzino-lastre/components/lastra-detail';
import { PhotoPanel } from '@/features/photos/components/photo-panel';
import { CameraQuickButton } from '@/features/photos/components/camera-quick-button';
import { PrintLabelsButton } from '@/features/etichette/components/print-labels-button';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';

/** /app/pages/magazzino/lastre/:id, with the photos feature's panel (write on magazzino-lastre to upload). */
export function LastraDetailPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const writable = can(user, 'magazzino-lastre', 'write');
  return (
    <LastraDetailView
      key={id}
      id={id}
      photos={(l) => (
        <PhotoPanel
          entity={{ entityType: 'lastra', entityId: l._id, codice: l.codice }}
          writable={writable}
        />
      )}
      quickPhoto={(l) => (
        <CameraQuickButton entity={{ entityType: 'lastra', entityId: l._id, codice: l.codice }} />
      )}
      headerExtra={(l) => <PrintLabelsButton entityType="lastra" ids={[l._id]} codice={l.codice} />}
    />
  );
}

export const Component = LastraDetailPage;
