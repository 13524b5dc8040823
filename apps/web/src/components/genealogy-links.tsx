import { Link } from 'react-router';
import type { GenealogyNode } from '@gestcava/contracts';
import './genealogy-links.css';

const RELATION_TITLES: Record<GenealogyNode['relation'], string> = {
  origine: 'Provenienza',
  derivato: 'Lavorazioni e derivati',
  vendita: 'Vendita',
};

const TYPE_ICONS: Record<string, string> = {
  cava: 'pi pi-map-marker',
  bancata: 'pi pi-th-large',
  blocco: 'pi pi-stop',
  'lavorazione-lastre': 'pi pi-cog',
  fornitore: 'pi pi-briefcase',
  cliente: 'pi pi-user',
  collaudo: 'pi pi-check-square',
  lavorazione: 'pi pi-cog',
  lastra: 'pi pi-clone',
  pacco: 'pi pi-box',
  lotto: 'pi pi-table',
};

/**
 * Where an item came from and where it went (docs/domain.md "The flow": bancata → blocco → lastre/pavimenti →
 * collaudo → cliente), from the entity registry's `genealogy`. A node with a `path` links to its
 * detail page; the others (a cava) are plain text. Later modules add nodes without changes here.
 */
export function GenealogyLinks({
  nodes,
  canOpen = () => true,
  emptyText = 'Nessun collegamento.',
}: {
  nodes: readonly GenealogyNode[];
  /** whether the user may open a node's page (no link to a page they would be sent away from) */
  canOpen?: (node: GenealogyNode) => boolean;
  emptyText?: string;
}) {
  if (nodes.length === 0) return <p className="m-0 text-color-secondary">{emptyText}</p>;
  const groups = (['origine', 'derivato', 'vendita'] as const)
    .map((relation) => ({ relation, items: nodes.filter((n) => n.relation === relation) }))
    .filter((g) => g.items.length > 0);
  return (
    <div className="genealogy" data-testid="genealogy">
      {groups.map((g) => (
        <div key={g.relation} className="genealogy-group">
          <h3 className="genealogy-title">{RELATION_TITLES[g.relation]}</h3>
          <ul className="genealogy-list">
            {g.items.map((n) => (
              <li
                key={`${n.entityType}-${n._id}`}
                className="genealogy-node"
                data-testid={`genealogy-${n.entityType}`}
              >
                <i className={TYPE_ICONS[n.entityType] ?? 'pi pi-link'} aria-hidden="true" />
                {n.path && canOpen(n) ? <Link to={n.path}>{n.label}</Link> : <span>{n.label}</span>}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
