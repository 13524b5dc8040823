import { BancateList } from '@/features/bancate/components/bancate-list';

/** /app/bancate */
export function BancateListPage() {
  return <BancateList />;
}

export const Component = BancateListPage;
