import { LastreList } from './lastre-list';
import { PacchiList } from './pacchi-list';
import type { MagazzinoLastreTab, SelectionActions } from './stock-lists';
import './magazzino-lastre.css';

export type { MagazzinoLastreTab } from './stock-lists';

/**
 * Magazzino → Lastre (docs/domain.md "Magazzino lastre"): the bundles (/app/pages/magazzino/pacchi) and
 * the single slabs (/app/pages/magazzino/lastre), two tabs over one set of filters, each with the
 * totals of what is selected: pieces, m², t. Ticked slabs can be reserved, sold, released or moved
 * together; the page adds what other features do with ticked items (labels, transfers).
 */
export function MagazzinoLastreView({
  tab,
  selectionActions,
}: {
  tab: MagazzinoLastreTab;
  /** other features' buttons for the ticked bundles or slabs (given by the page) */
  selectionActions?: SelectionActions;
}) {
  return tab === 'pacchi' ? (
    <PacchiList selectionActions={selectionActions} />
  ) : (
    <LastreList selectionActions={selectionActions} />
  );
}
