import { CollaudiList } from '@/features/collaudi/components/collaudi-list';

/** /app/pages/collaudi */
export function CollaudiListPage() {
  return <CollaudiList />;
}

export const Component = CollaudiListPage;
