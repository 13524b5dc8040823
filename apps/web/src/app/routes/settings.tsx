import { useSearchParams } from 'react-router';
import { TabView, TabPanel } from 'primereact/tabview';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session';
import { useCompanies } from '@/features/companies/api/companies';
import { UsersPanel } from '@/features/settings/components/users-panel';
import { GroupCompaniesView } from '@/features/group-companies/components/group-companies-view';
import { LookupsPanel } from '@/features/lookups/components/lookups-panel';
import { LabelsAddress } from '@/features/etichette/components/labels-address';

/**
 * Impostazioni (admin, docs/screens.md): one tab per area, the chosen one in the URL (?tab=):
 * utenti, ditte del gruppo, anagrafiche di base (cave, materiali, ubicazioni, macchine).
 */
const TABS = [
  { key: 'utenti', label: 'Utenti', icon: 'pi pi-users' },
  { key: 'ditte', label: 'Ditte del gruppo', icon: 'pi pi-building' },
  { key: 'anagrafiche', label: 'Anagrafiche di base', icon: 'pi pi-list' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function TabBody({ tab }: { tab: TabKey }) {
  const { user, selectedCompanyId } = useSession();
  const companies = useCompanies(true);
  if (tab === 'ditte') return <GroupCompaniesView />;
  if (tab === 'anagrafiche') return <LookupsPanel />;
  return (
    <UsersPanel
      companies={companies.data ?? []}
      defaultCompanyId={selectedCompanyId ?? user?.companyId ?? ''}
    />
  );
}

export function SettingsPage() {
  const [search, setSearch] = useSearchParams();
  const index = Math.max(
    0,
    TABS.findIndex((t) => t.key === search.get('tab')),
  );
  const tab = TABS[index]?.key ?? 'utenti';
  return (
    <>
      <PageHeader title="Impostazioni" icon="pi pi-cog" />
      {/* the address the QR codes of every label carry */}
      <div className="mb-3">
        <LabelsAddress />
      </div>
      <div className="card">
        <TabView
          activeIndex={index}
          onTabChange={(e) => {
            const next = TABS[e.index]?.key ?? 'utenti';
            setSearch(next === 'utenti' ? {} : { tab: next });
          }}
          renderActiveOnly
          scrollable
          panelContainerClassName="px-0 pb-0"
          className="tabview-fit-phone"
        >
          {TABS.map((t) => (
            <TabPanel key={t.key} header={t.label} leftIcon={`${t.icon} mr-2`}>
              {t.key === tab && <TabBody tab={t.key} />}
            </TabPanel>
          ))}
        </TabView>
      </div>
    </>
  );
}

export const Component = SettingsPage;
