import { useParams } from 'react-router';
import { PaccoDetailView } from '@/features/magazzino-lastre/components/pacco-detail';
import { PhotoPanel } from '@/features/photos/components/photo-panel';
import { CameraQuickButton } from '@/features/photos/components/camera-quick-button';
import { PrintLabelsButton } from '@/features/etichette/components/print-labels-button';
import { TrasferimentiPanel } from '@/features/trasferimenti/components/trasferimenti-panel';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';

/**
 * /app/pages/magazzino/pacchi/:id, with the photos feature's panel (write on magazzino-lastre to
 * upload), the label's print and the transfers to group companies.
 */
export function PaccoDetailPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const writable = can(user, 'magazzino-lastre', 'write');
  return (
    <PaccoDetailView
      key={id}
      id={id}
      photos={(p) => (
        <PhotoPanel
          entity={{ entityType: 'pacco', entityId: p._id, codice: p.codice }}
          writable={writable}
        />
      )}
      quickPhoto={(p) => (
        <CameraQuickButton entity={{ entityType: 'pacco', entityId: p._id, codice: p.codice }} />
      )}
      headerExtra={(p) => <PrintLabelsButton entityType="pacco" ids={[p._id]} codice={p.codice} />}
      trasferimenti={(p) => (
        <TrasferimentiPanel
          item={{
            tipo: 'pacco',
            id: p._id,
            codice: p.codice,
            descrizione: `${p.materiale.nome} · ${p.spessoreMm} mm · ${p.lastreDisponibili} lastre libere`,
          }}
          canTransfer={writable && p.lastreDisponibili > 0}
        />
      )}
    />
  );
}

export const Component = PaccoDetailPage;
