import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from 'primereact/button';
import type { Bancata } from '@gestcava/contracts';
import { BancataDetail } from '@/features/bancate/components/bancata-detail';
import { BloccoFormDialog } from '@/features/blocchi/components/blocco-form';
import { PhotoPanel } from '@/features/photos/components/photo-panel';
import { PrintLabelsButton } from '@/features/etichette/components/print-labels-button';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';

/**
 * /app/bancate/:id — the bancata's page, and the way its blocchi are registered: while it is
 * ribaltata or in riquadratura, a user who may write blocchi gets "Nuovo blocco" (the blocchi
 * feature's form, its origin fixed to this bancata). Both features refresh the bancata's totals.
 * Its photos are the photos feature's panel; uploading and deleting them needs write on bancate.
 */
export function BancataDetailPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const [creatingFor, setCreatingFor] = useState<Bancata | null>(null);
  const canAddBlocchi = can(user, 'blocchi', 'write');
  const canWritePhotos = can(user, 'bancate', 'write');

  return (
    <>
      <BancataDetail
        key={id}
        id={id}
        newBlocco={
          canAddBlocchi
            ? (bancata) => (
                <Button
                  type="button"
                  label="Nuovo blocco"
                  icon="pi pi-plus"
                  onClick={() => setCreatingFor(bancata)}
                  data-testid="bancata-new-blocco"
                />
              )
            : undefined
        }
        photos={(bancata) => (
          <PhotoPanel
            entity={{ entityType: 'bancata', entityId: bancata._id, codice: bancata.codice }}
            writable={canWritePhotos}
          />
        )}
        headerExtra={(bancata) => (
          <PrintLabelsButton entityType="bancata" ids={[bancata._id]} codice={bancata.codice} />
        )}
      />
      {creatingFor && (
        <BloccoFormDialog
          kind="blocchi"
          bancata={creatingFor}
          onClose={() => setCreatingFor(null)}
          onSaved={(blocco) => {
            setCreatingFor(null);
            notify({
              severity: 'success',
              summary: 'Blocco registrato',
              detail: `${blocco.codice} dalla bancata ${creatingFor.codice}`,
            });
          }}
        />
      )}
    </>
  );
}

export const Component = BancataDetailPage;
