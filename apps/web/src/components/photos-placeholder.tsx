/**
 * The "Foto" section of a detail page (DESIGN §5: upload with progress, gallery, download all as
 * zip). PLACEHOLDER: the photos issue replaces this component with the real panel, keyed by the
 * entity registry's type (`bancata`, `blocco`, …) and the record's id; the props are already those.
 */
export function PhotosPlaceholder({ entityType, entityId }: { entityType: string; entityId: string }) {
  return (
    <section
      className="card photos-placeholder"
      aria-labelledby={`photos-title-${entityId}`}
      data-testid="photos-section"
      data-entity-type={entityType}
      data-entity-id={entityId}
    >
      <h2 id={`photos-title-${entityId}`} className="card-title">
        <i className="pi pi-images mr-2" aria-hidden="true" />
        Foto
      </h2>
      <p className="m-0 text-color-secondary">
        Le foto arrivano con il prossimo aggiornamento: qui si potranno caricare, sfogliare e scaricare.
      </p>
    </section>
  );
}
