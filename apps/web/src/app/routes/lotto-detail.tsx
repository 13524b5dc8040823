import { useParams } from 'react-router';
import { LottoDetailView } from '@/features/magazzino-pavimenti/components/lotto-detail';
import { PhotoPanel } from '@/features/photos/components/photo-panel';
import { CameraQuickButton } from '@/features/photos/components/camera-quick-button';
import { PrintLabelsButton } from '@/features/etichette/components/print-labels-button';
import { TrasferimentiPanel } from '@/features/trasferimenti/components/trasferimenti-panel';
import { can } from '@/lib/permissions';
import { useSession } from '@/lib/session';

/** /app/pages/magazzino/pavimenti/:id, with the photos feature's panel (write on magazzino-pavimenti to upload). */
export function LottoDetailPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const writable = can(user, 'magazzino-pavimenti', 'write');
  return (
    <LottoDetailView
      key={id}
      id={id}
      photos={(l) => (
        <PhotoPanel
          entity={{ entityType: 'lotto', entityId: l._id, codice: l.codice }}
          writable={writable}
        />
      )}
      quickPhoto={(l) => (
        <CameraQuickButton entity={{ entityType: 'lotto', entityId: l._id, codice: l.codice }} />
      )}
      headerExtra={(l) => <PrintLabelsButton entityType="lotto" ids={[l._id]} codice={l.codice} />}
      trasferimenti={(l) => (
        <TrasferimentiPanel
          item={{
            tipo: 'lotto',
            id: l._id,
            codice: l.codice,
            descrizione: `${l.materiale.nome} · ${l.pezziDisponibili} pezzi liberi`,
            pezzi: l.pezziDisponibili,
          }}
          canTransfer={writable && l.pezziDisponibili > 0}
        />
      )}
    />
  );
}

export const Component = LottoDetailPage;
