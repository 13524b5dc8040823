import '@/components/list/list-table.css';
import './photos.css';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from 'primereact/button';
import { Paginator } from 'primereact/paginator';
import { SelectButton } from 'primereact/selectbutton';
import { Skeleton } from 'primereact/skeleton';
import {
  BANCATA_STATO_LABELS,
  BLOCCO_STATO_LABELS,
  GALLERY_DEFAULT_LIMIT,
  pageOfDetailPath,
  PHOTO_ENTITY_TYPES,
  type BancataStato,
  type BloccoStato,
  type Photo,
} from '@gestcava/contracts';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { ListFilters } from '@/components/list/list-filters';
import { ListSearch } from '@/components/list/list-search';
import { useListParams } from '@/components/list/use-list-params';
import { LookupDropdown } from '@/components/form/lookup-dropdown';
import { BancataStatoTag, BloccoStatoTag } from '@/components/stato-tag';
import { formatDate, formatInteger } from '@/lib/format';
import { enumFilter, uuidFilter } from '@/lib/list-filter-rules';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { PHOTO_ENTITY_LABELS, type PhotoEntityType, useGalleryPhotos } from '../api/photos';
import { PhotoLightbox } from './photo-lightbox';
import { PhotoSync } from './photo-sync';
import { photoAlt } from './photo-alt';
import { PhotoThumbButton } from './photo-thumb';

const ENTITY_TYPES: readonly PhotoEntityType[] = PHOTO_ENTITY_TYPES;
type FilterName = 'tipo' | 'cava';
/** The view lives in the URL (?page=&tipo=&cava=&q=), so a link shares it; bad values are dropped. */
const LIST_CONFIG = {
  sortFields: [] as string[],
  defaultSort: '',
  defaultLimit: GALLERY_DEFAULT_LIMIT,
  filters: { tipo: enumFilter(ENTITY_TYPES), cava: uuidFilter } satisfies Record<
    FilterName,
    (v: string) => string | undefined
  >,
};
const ALL = 'tutte';
/** The choices not taken are outlined: the app's contrast rules paint every plain button solid. */
const PLURALS: Record<PhotoEntityType, string> = {
  bancata: 'Bancate',
  blocco: 'Blocchi',
  pacco: 'Pacchi',
  lastra: 'Lastre',
  lotto: 'Lotti',
  collaudo: 'Collaudi',
  'lavorazione-lastre': 'Segagioni',
  'lavorazione-pavimenti': 'Lavorazioni pavimenti',
};
const TIPO_OPTIONS = [
  { value: ALL, label: 'Tutte' },
  ...PHOTO_ENTITY_TYPES.map((t) => ({ value: t, label: PLURALS[t] })),
];

/**
 * Galleria Foto (docs/screens.md, §7): every photo of the company's bancate and blocchi, 20 a page from
 * the server, filtered by type, cava and a search (code, description, entity code), each with its
 * entity's code, materiale, stato, cava and date and a link to its page; the image opens full screen.
 */
export function PhotoGallery() {
  const { user } = useSession();
  const params = useListParams<FilterName>(LIST_CONFIG);
  const [viewing, setViewing] = useState<number | null>(null);
  const query = useMemo(
    () => ({
      page: params.page,
      limit: GALLERY_DEFAULT_LIMIT,
      entityType: params.filters.tipo as PhotoEntityType | undefined,
      cavaId: params.filters.cava,
      searchTerm: params.q || undefined,
    }),
    [params.page, params.filters, params.q],
  );
  const gallery = useGalleryPhotos(query);
  const tipo = params.filters.tipo ?? ALL;
  const photos = gallery.data?.photos ?? [];
  const total = gallery.data?.total ?? 0;

  const allows = (detailPath: string, mode: 'read' | 'write') => {
    const page = pageOfDetailPath(detailPath);
    return page ? can(user, page, mode) : mode === 'read';
  };
  const canOpen = (detailPath: string) => allows(detailPath, 'read');

  let content;
  if (gallery.isPending) {
    content = (
      <ul className="gallery-grid" aria-busy="true" aria-label="Caricamento delle foto">
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i} className="gallery-card">
            <Skeleton className="photo-skeleton" height="auto" />
            <div className="gallery-card-body">
              <Skeleton width="60%" />
              <Skeleton width="80%" />
            </div>
          </li>
        ))}
      </ul>
    );
  } else if (photos.length === 0) {
    content =
      total > 0 ? (
        <EmptyState icon="pi pi-images" title="Pagina vuota">
          <p>Questa pagina non ha più foto.</p>
          <Button
            type="button"
            label="Torna alla prima pagina"
            icon="pi pi-arrow-left"
            text
            onClick={() => params.setPage(1)}
          />
        </EmptyState>
      ) : params.filtered ? (
        <EmptyState icon="pi pi-filter-slash" title="Nessun risultato">
          <p>Nessuna foto corrisponde alla ricerca o ai filtri scelti.</p>
          <Button
            type="button"
            label="Azzera ricerca e filtri"
            icon="pi pi-times"
            text
            onClick={params.clear}
          />
        </EmptyState>
      ) : (
        <EmptyState icon="pi pi-images" title="Nessuna foto">
          <p>
            Le foto si caricano dalla scheda di una bancata o di un blocco e compaiono tutte qui.
          </p>
        </EmptyState>
      );
  } else {
    content = (
      <ul
        className="gallery-grid"
        aria-label="Foto"
        aria-busy={gallery.isPlaceholderData}
        data-testid="gallery-grid"
      >
        {photos.map((photo, index) => (
          <GalleryCard
            key={photo._id}
            photo={photo}
            canOpen={canOpen}
            onOpen={() => setViewing(index)}
          />
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader title="Galleria Foto" icon="pi pi-images" />
      {user?.role === 'admin' && <PhotoSync />}
      <section className="card" aria-label="Galleria foto">
        <ListFilters
          active={Object.keys(params.filters).length}
          onClear={params.clear}
          search={
            <ListSearch
              value={params.q}
              onSearch={params.setQ}
              label="Cerca"
              placeholder="Codice o descrizione"
            />
          }
        >
          <div className="list-filter gallery-tipo-filter">
            <span id="gallery-tipo-label" className="gallery-filter-label">
              Tipo
            </span>
            <SelectButton
              value={tipo}
              options={TIPO_OPTIONS.map((o) => ({
                ...o,
                className: o.value === tipo ? undefined : 'p-button-outlined',
              }))}
              onChange={(e) =>
                params.setFilter(
                  'tipo',
                  e.value === ALL || !e.value ? undefined : (e.value as string),
                )
              }
              allowEmpty={false}
              aria-labelledby="gallery-tipo-label"
              data-testid="gallery-tipo"
            />
          </div>
          <div className="list-filter">
            <label htmlFor="gallery-cava">Cava</label>
            <LookupDropdown
              kind="cave"
              id="gallery-cava"
              label="Cava"
              value={params.filters.cava}
              onChange={(v) => params.setFilter('cava', v ?? undefined)}
              placeholder="Tutte"
              showClear
              includeInactive
            />
          </div>
        </ListFilters>

        <p className="gallery-total" aria-live="polite" data-testid="gallery-total">
          {gallery.isPending ? 'Caricamento…' : `${formatInteger(total)} foto`}
        </p>
        {content}
        {total > GALLERY_DEFAULT_LIMIT && (
          <Paginator
            first={(params.page - 1) * GALLERY_DEFAULT_LIMIT}
            rows={GALLERY_DEFAULT_LIMIT}
            totalRecords={total}
            onPageChange={(e) => {
              params.setPage(e.page + 1);
              window.scrollTo({ top: 0 });
            }}
            template="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink"
            pageLinkSize={3}
            className="mt-3"
          />
        )}
      </section>
      <PhotoLightbox
        photos={photos}
        index={viewing}
        onIndexChange={setViewing}
        onClose={() => setViewing(null)}
        canMark={(photo) => !!photo.entity && allows(photo.entity.detailPath, 'write')}
      />
    </>
  );
}

function GalleryCard({
  photo,
  canOpen,
  onOpen,
}: {
  photo: Photo;
  canOpen: (detailPath: string) => boolean;
  onOpen: () => void;
}) {
  const alt = photoAlt(photo);
  const entity = photo.entity;
  const codice = entity?.codice ?? photo.codice ?? '—';
  return (
    <li className="gallery-card" data-testid="gallery-card">
      <PhotoThumbButton photo={photo} alt={alt} onOpen={onOpen} />
      <div className="gallery-card-body">
        <div className="gallery-card-head">
          {entity && canOpen(entity.detailPath) ? (
            <Link
              to={entity.detailPath}
              className="gallery-card-code"
              data-testid="gallery-card-link"
            >
              {codice}
            </Link>
          ) : (
            <span className="gallery-card-code">{codice}</span>
          )}
          {entity?.stato && <EntityStatoTag entityType={photo.entityType} stato={entity.stato} />}
        </div>
        <span className="gallery-card-line">
          {[
            PHOTO_ENTITY_LABELS[photo.entityType as PhotoEntityType] ?? photo.entityType,
            entity?.materiale,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
        <span className="gallery-card-line">
          {[entity?.cava ? `Cava ${entity.cava}` : null, formatDate(photo.createdAt)]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
    </li>
  );
}

/** The entity's state with the app's coloured tag; a value this version does not know stays plain text. */
function EntityStatoTag({ entityType, stato }: { entityType: string; stato: string }) {
  if (entityType === 'blocco' && Object.hasOwn(BLOCCO_STATO_LABELS, stato))
    return <BloccoStatoTag stato={stato as BloccoStato} />;
  if (entityType === 'bancata' && Object.hasOwn(BANCATA_STATO_LABELS, stato))
    return <BancataStatoTag stato={stato as BancataStato} />;
  return <span className="gallery-card-line">{stato}</span>;
}
