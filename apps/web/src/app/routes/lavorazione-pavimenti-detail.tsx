import { useParams } from 'react-router';
import { LavorazionePavimentiDetail } from '@/features/lavorazioni-pavimenti/components/lavorazione-pavimenti-detail';

/** /app/pages/pavimenti/:id */
export function LavorazionePavimentiDetailPage() {
  const { id = '' } = useParams();
  return <LavorazionePavimentiDetail key={id} id={id} />;
}

export const Component = LavorazionePavimentiDetailPage;
