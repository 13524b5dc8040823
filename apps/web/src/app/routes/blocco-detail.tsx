import { useParams } from 'react-router';
import { BloccoDetail } from '@/features/blocchi/components/blocco-detail';
import { usePageHandle } from '../use-page-handle';
import { bloccoKindOf } from './blocchi-kind';

/** /app/pages/blocchi/:id and /app/pages/blocchi-esterni/:id */
export function BloccoDetailPage() {
  const { page } = usePageHandle();
  const { id = '' } = useParams();
  const kind = bloccoKindOf(page);
  if (!kind) return null;
  return <BloccoDetail key={`${kind}/${id}`} kind={kind} id={id} />;
}

export const Component = BloccoDetailPage;
