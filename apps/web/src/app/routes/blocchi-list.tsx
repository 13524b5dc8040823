import { BlocchiList } from '@/features/blocchi/components/blocchi-list';
import { usePageHandle } from '../use-page-handle';
import { bloccoKindOf } from './blocchi-kind';

/** /app/pages/blocchi and /app/pages/blocchi-esterni: one feature, the kind from the route. */
export function BlocchiListPage() {
  const { page } = usePageHandle();
  const kind = bloccoKindOf(page);
  if (!kind) return null;
  return <BlocchiList key={kind} kind={kind} />;
}

export const Component = BlocchiListPage;
