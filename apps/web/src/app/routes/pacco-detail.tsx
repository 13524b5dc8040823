import { useParams } from 'react-router';
import { PaccoDetailView } from '@/features/magazzino-lastre/components/pacco-detail';
import { PhotoPanel } from '@/features/photos/components/photo-panel';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';

/** /app/pages/magazzino/pacchi/:id, with the photos feature's panel (write on magazzino-lastre to upload). */
export function PaccoDetailPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const writable = can(user, 'magazzino-lastre', 'write');
  return <PaccoDetailView key={id} id={id} photos={(p) => <PhotoPanel entity={{ entityType: 'pacco', entityId: p._id, codice: p.codice }} writable={writable} />} />;
}

export const Component = PaccoDetailPage;
