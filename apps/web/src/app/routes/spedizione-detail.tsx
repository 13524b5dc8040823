import { useParams } from 'react-router';
import { DdtDetail } from '@/features/spedizioni/components/ddt-detail';

/** /app/pages/spedizioni/:id */
export function SpedizioneDetailPage() {
  const { id = '' } = useParams();
  return <DdtDetail key={id} id={id} />;
}

export const Component = SpedizioneDetailPage;
