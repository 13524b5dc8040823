import type { AnagraficaKind } from '@gestcava/contracts';
import type { AppPage } from '../app-pages';

/** Clienti or fornitori: the page's own permission key names the kind. */
export function anagraficaKindOf(page: AppPage | undefined): AnagraficaKind | null {
  if (!page || typeof page.rule !== 'object' || typeof page.rule.page !== 'string') return null;
  return page.rule.page === 'clienti' || page.rule.page === 'fornitori' ? page.rule.page : null;
}
