import { useParams } from 'react-router';
import { LavorazioneLastreDetail } from '@/features/lavorazioni-lastre/components/lavorazione-lastre-detail';

/** /app/pages/lastre/:id */
export function LavorazioneLastreDetailPage() {
  const { id = '' } = useParams();
  return <LavorazioneLastreDetail key={id} id={id} />;
}

export const Component = LavorazioneLastreDetailPage;
