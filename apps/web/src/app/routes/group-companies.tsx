import { PageHeader } from '@/components/page-header';
import { GroupCompaniesView } from '@/features/group-companies/components/group-companies-view';

/** /app/pages/group-companies: visible with clienti or fornitori (docs/screens.md); writes for admins. */
export function GroupCompaniesPage() {
  return (
    <>
      <PageHeader title="Ditte del gruppo" icon="pi pi-building" />
      <GroupCompaniesView />
    </>
  );
}

export const Component = GroupCompaniesPage;
