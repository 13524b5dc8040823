import { FattureList } from '@/features/fatture/components/fatture-list';

/** /app/pages/fatture */
export function FattureListPage() {
  return <FattureList />;
}

export const Component = FattureListPage;
