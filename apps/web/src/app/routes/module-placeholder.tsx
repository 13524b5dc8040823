import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { usePageHandle } from '../use-page-handle';

/**
 * A page whose module comes with a later issue: its title and what it will hold
 * (app-pages.ts). Replaced by the real page when that issue lands.
 */
export function ModulePlaceholder() {
  const { page } = usePageHandle();
  if (!page) return null;
  return (
    <>
      <PageHeader title={page.title} icon={page.icon} />
      <EmptyState
        icon={page.icon}
        title={`${page.title}: in preparazione`}
        items={page.features}
        note="Questa sezione è in arrivo con un prossimo aggiornamento di GestCava."
      >
        <p>{page.description}</p>
      </EmptyState>
    </>
  );
}

/** /app/pages/<plural>/:id until the module's detail page exists. */
export function DetailPlaceholder() {
  const { page } = usePageHandle();
  const { id = '' } = useParams();
  if (!page) return null;
  const base = `/app/${page.path}`;
  return (
    <>
      <PageHeader title={`${page.title}: dettaglio`} icon={page.icon}>
        <Link to={base} className="p-button p-button-text p-component">
          <i className="pi pi-arrow-left mr-2" aria-hidden="true" />
          <span className="p-button-label">Torna all&apos;elenco</span>
        </Link>
      </PageHeader>
      <EmptyState
        icon={page.icon}
        title={`Scheda ${page.detail ?? ''}`.trim()}
        items={['Dati e misure', 'Genealogia e collegamenti', 'Foto', 'Storico delle modifiche']}
        note="La scheda di dettaglio arriva insieme al modulo."
      >
        <p>
          Identificativo richiesto: <code>{id}</code>
        </p>
      </EmptyState>
    </>
  );
}

export const Component = ModulePlaceholder;
export const DetailComponent = DetailPlaceholder;
