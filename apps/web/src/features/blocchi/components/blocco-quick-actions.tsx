import { useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { QuickMoveDialog } from '@/components/quick-move-dialog';
import '@/components/quick-actions.css';
import type { Blocco } from '@gestcava/contracts';
import { isLookupActive, useLookups } from '@/lib/lookups';
import { notify } from '@/lib/toast';
import { wasQueued } from '@/lib/offline/use-queueable';
import { useSpostaBlocco, type BloccoKind } from '../api/blocchi';

/**
 * A block scanned in the yard, on a phone: the photo, the move to another place and the
 * state change first, each within two taps. The photo button comes from the photos feature.
 */
export function BloccoQuickActions({
  kind,
  blocco: b,
  photo,
  canMove,
}: {
  kind: BloccoKind;
  blocco: Blocco;
  photo: ReactNode;
  canMove: boolean;
}) {
  const [moving, setMoving] = useState(false);
  const ubicazioni = useLookups('ubicazioni');
  const update = useSpostaBlocco(kind, b);
  const places = (ubicazioni.data ?? []).filter((u) => isLookupActive(u));

  const moveTo = (place: { _id: string; nome: string }) =>
    update.mutate(place, {
      onSuccess: (result) => {
        setMoving(false);
        // kept on the device: its own toast said so
        if (!wasQueued(result))
          notify({
            severity: 'success',
            summary: 'Blocco spostato',
            detail: `${b.codice} → ${place.nome}`,
          });
      },
      onError: (error) =>
        notify({ severity: 'error', summary: 'Spostamento non riuscito', detail: error.message }),
    });

  return (
    <nav className="quick-actions" aria-label="Azioni rapide" data-testid="quick-actions">
      {photo}
      {canMove && (
        <Button
          type="button"
          label="Sposta"
          icon="pi pi-map-marker"
          outlined
          onClick={() => setMoving(true)}
          data-testid="quick-move"
        />
      )}
      <Button
        type="button"
        label="Stato"
        icon="pi pi-sync"
        outlined
        onClick={() => {
          const section = document.getElementById('blocco-stato-title')?.closest('section');
          section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          section?.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
        }}
        data-testid="quick-stato"
      />
      {moving && (
        <QuickMoveDialog
          title={`Sposta ${b.codice}`}
          current={b.ubicazione?.nome}
          places={places}
          pendingId={update.isPending ? (update.variables?._id ?? null) : null}
          onMove={moveTo}
          onClose={() => setMoving(false)}
        />
      )}
    </nav>
  );
}
