import { useParams } from 'react-router';
import { FatturaDetail } from '@/features/fatture/components/fattura-detail';

/** /app/pages/fatture/:id */
export function FatturaDetailPage() {
  const { id = '' } = useParams();
  return <FatturaDetail key={id} id={id} />;
}

export const Component = FatturaDetailPage;
