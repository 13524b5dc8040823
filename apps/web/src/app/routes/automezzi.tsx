import { AutomezziList } from '@/features/automezzi/components/automezzi-list';

/** /app/pages/automezzi */
export function AutomezziPage() {
  return <AutomezziList />;
}

export const Component = AutomezziPage;
