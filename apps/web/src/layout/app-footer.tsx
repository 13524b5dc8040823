import { webConfig } from '@/lib/config';
import type { LayoutCompany } from './layout-company';

/** Footer (docs/screens.md): the group label and 'v' plus the version. */
export function AppFooter({ company }: { company: LayoutCompany | null }) {
  return (
    <footer className="layout-footer" data-testid="footer">
      <span className="layout-footer-group">
        {company ? `${company.name} · ` : ''}
        {webConfig.productName}
      </span>
      <span className="layout-footer-version">v{webConfig.version}</span>
    </footer>
  );
}
