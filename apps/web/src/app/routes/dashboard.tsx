import { Link } from 'react-router';
import { useSession } from '@/lib/session';
import { formatLongDate } from '@/lib/format';
import { filterMenu } from '@/layout/menu-model';
import { Agenda } from '@/features/schedule/components/agenda';
import { CodeSearch } from '@/features/codici/components/code-search';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';

/** Dashboard: greeting, the user's sections and the Agenda; KPIs and charts come with their issue. */
export function DashboardPage() {
  const { user } = useSession();
  const sections = filterMenu(user).flatMap((e) =>
    e.kind === 'group' ? e.items.map((item) => ({ ...item, group: e.label })) : [],
  );
  const firstName = user?.name.split(' ')[0] ?? '';
  const now = new Date();
  const hour = now.getHours();
  const greeting = hour < 13 ? 'Buongiorno' : hour < 18 ? 'Buon pomeriggio' : 'Buonasera';
  return (
    <>
      <PageHeader title="Dashboard" icon="pi pi-home" />
      <p className="dashboard-greeting">
        {greeting}
        {firstName ? `, ${firstName}` : ''}. Oggi è {formatLongDate(now)}.
      </p>
      <div className="mb-3">
        <CodeSearch variant="dashboard" />
      </div>
      <div className="grid">
        <div className="col-12 xl:col-7">
          <SectionCard titleId="sections-title" title="Le tue sezioni" icon="pi pi-th-large">
            {sections.length === 0 ? (
              <p className="text-color-secondary">
                Il tuo account non ha ancora sezioni abilitate: chiedi all&apos;amministratore.
              </p>
            ) : (
              <ul className="dashboard-sections">
                {sections.map((s) => (
                  <li key={s.key}>
                    <Link to={s.to} className="dashboard-section-link">
                      <i className={s.icon} aria-hidden="true" />
                      <span>
                        <span className="dashboard-section-group">{s.group}</span>
                        <span className="dashboard-section-label">{s.label}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </SectionCard>
          <SectionCard titleId="kpi-title" title="Indicatori" icon="pi pi-chart-bar">
            <p className="text-color-secondary m-0">
              Qui arriveranno i numeri della tua ditta: m³ tagliati nel mese, blocchi disponibili, m² di lastre in
              magazzino, collaudi aperti e l&apos;attività più recente.
            </p>
          </SectionCard>
        </div>
        <div className="col-12 xl:col-5">
          <Agenda />
        </div>
      </div>
    </>
  );
}

export const Component = DashboardPage;
