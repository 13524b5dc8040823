import { useParams } from 'react-router';
import { LastraDetailView } from '@/features/magazzino-lastre/components/lastra-detail';
import { PhotoPanel } from '@/features/photos/components/photo-panel';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';

/** /app/pages/magazzino/lastre/:id, with the photos feature's panel (write on magazzino-lastre to upload). */
export function LastraDetailPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const writable = can(user, 'magazzino-lastre', 'write');
  return <LastraDetailView key={id} id={id} photos={(l) => <PhotoPanel entity={{ entityType: 'lastra', entityId: l._id, codice: l.codice }} writable={writable} />} />;
}

export const Component = LastraDetailPage;
