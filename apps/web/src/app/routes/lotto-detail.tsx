import { useParams } from 'react-router';
import { LottoDetailView } from '@/features/magazzino-pavimenti/components/lotto-detail';
import { PhotoPanel } from '@/features/photos/components/photo-panel';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';

/** /app/pages/magazzino/pavimenti/:id, with the photos feature's panel (write on magazzino-pavimenti to upload). */
export function LottoDetailPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const writable = can(user, 'magazzino-pavimenti', 'write');
  return <LottoDetailView key={id} id={id} photos={(l) => <PhotoPanel entity={{ entityType: 'lotto', entityId: l._id, codice: l.codice }} writable={writable} />} />;
}

export const Component = LottoDetailPage;
