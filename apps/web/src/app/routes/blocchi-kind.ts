import type { BloccoKind } from '@/features/blocchi/api/blocchi';
import type { AppPage } from '../app-pages';

/** Blocchi or blocchi esterni: the page's own permission key names the kind. */
export function bloccoKindOf(page: AppPage | undefined): BloccoKind | null {
  if (!page || typeof page.rule !== 'object' || typeof page.rule.page !== 'string') return null;
  return page.rule.page === 'blocchi' || page.rule.page === 'blocchi-esterni'
    ? page.rule.page
    : null;
}
