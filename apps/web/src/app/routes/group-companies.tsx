import { PageHeader } from '@/components/page-header';
import { GroupCompaniesView } from '@/features/group-companies/components/group-companies-view';

/** /app/pages/group-companies: visible with clienti or fornitori (SPEC §2); writes for admins. */
export function GroupCompaniesPage() {
  return (
    <>
      <PageHeader title="Ditte del gruppo" icon="pi pi-building" />
      <GroupCompaniesView />
    </>
  );
}

export const Component = GroupCompaniesPage;
