import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from 'primereact/button';
import { useSession } from '@/lib/session';
import { formatLongDate } from '@/lib/format';
import { useMenu } from '@/layout/menu-context';
import { Agenda } from '@/features/schedule/components/agenda';
import { CodeSearch } from '@/features/codici/components/code-search';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { RecentOnDevice } from '@/components/offline/device-copy';
import { useOnline } from '@/lib/offline/network';
import { isNetworkFailure } from '@/lib/offline/device-copy';
import { useDashboard } from '@/features/dashboard/api/dashboard';
import { useUserCompany } from '@/features/companies/api/companies';
import { KpiTiles } from '@/features/dashboard/components/kpi-tiles';
import { hasKpis } from '@/features/dashboard/components/dashboard-format';
import { LatestActivity } from '@/features/dashboard/components/latest-activity';

// chart.js is big: the chart (and, through PrimeReact's Chart, chart.js) loads after the tiles.
const ProductionChart = lazy(() => import('@/features/dashboard/components/production-chart'));

/**
 * Dashboard: greeting and code search, the KPI tiles the user's pages allow, the 12-month
 * production chart, the latest activity and the Agenda with the events the app derives; everything
 * but the schedule file from GET /api/dashboard, one request. Without network, first the items
 * this user opened lately, readable from the device.
 */
export function DashboardPage() {
  const { user, selectedCompanyId } = useSession();
  const company = useUserCompany(selectedCompanyId).data;
  const sections = useMenu().flatMap((e) =>
    e.kind === 'group' ? e.items.map((item) => ({ ...item, group: e.label })) : [],
  );
  const dashboard = useDashboard();
  const d = dashboard.data;
  const offline = !useOnline() || isNetworkFailure(dashboard.error);
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
        {offline && (
          <div className="col-12">
            <RecentOnDevice />
          </div>
        )}
        <div className="col-12">
          <SectionCard
            titleId="kpi-title"
            title="Indicatori"
            icon="pi pi-chart-bar"
            className="dashboard-kpis"
          >
            {dashboard.isPending && (
              <p className="text-color-secondary m-0" role="status">
                Caricamento degli indicatori...
              </p>
            )}
            {dashboard.isError && !d && (
              <div className="flex flex-wrap align-items-center gap-3" role="alert">
                <span className="text-color-secondary">
                  Non è stato possibile caricare gli indicatori.
                </span>
                <Button
                  label="Riprova"
                  icon="pi pi-refresh"
                  size="small"
                  outlined
                  onClick={() => void dashboard.refetch()}
                />
              </div>
            )}
            {d &&
              (hasKpis(d) ? (
                <KpiTiles data={d} />
              ) : (
                <p className="text-color-secondary m-0">
                  Nessun indicatore per le sezioni del tuo account.
                </p>
              ))}
          </SectionCard>
        </div>
        <div className="col-12 xl:col-7">
          {d?.produzione && (
            <SectionCard
              titleId="chart-title"
              title="Produzione ultimi 12 mesi (m³)"
              icon="pi pi-chart-line"
            >
              <Suspense fallback={<div className="production-chart" aria-busy="true" />}>
                <ProductionChart serie={d.produzione.serie} />
              </Suspense>
            </SectionCard>
          )}
          {d && (
            <SectionCard titleId="activity-title" title="Ultime attività" icon="pi pi-history">
              <LatestActivity items={d.attivita} />
            </SectionCard>
          )}
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
        </div>
        <div className="col-12 xl:col-5">
          <Agenda derived={d?.agenda} companyName={company?.name} />
        </div>
      </div>
    </>
  );
}

export const Component = DashboardPage;
