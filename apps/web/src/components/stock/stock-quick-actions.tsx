import { useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { QuickMoveDialog } from '@/components/quick-move-dialog';
import { wasQueued } from '@/lib/offline/use-queueable';
import { notify } from '@/lib/toast';
import '@/components/quick-actions.css';
import { useStockUbicazioni } from './stock-pickers';

/**
 * A slab, bundle or lot scanned in the yard, on a phone: the photo (the photos feature's
 * camera button, given by the page) and the move to another place in two taps; its state changes
 * are the page's first section.
 */
export function StockQuickActions({
  codice,
  current,
  photo,
  movedLabel,
  onMove,
}: {
  codice: string;
  current: string | null | undefined;
  photo: ReactNode;
  /** the toast's words once moved («Lastra spostata») */
  movedLabel: string;
  /** its result may be a move kept on the device for later, whose own toast says so */
  onMove: (place: { _id: string; nome: string }) => Promise<unknown>;
}) {
  const [moving, setMoving] = useState(false);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const ubicazioni = useStockUbicazioni();
  return (
    <nav className="quick-actions" aria-label="Azioni rapide" data-testid="quick-actions">
      {photo}
      <Button
        type="button"
        label="Sposta"
        icon="pi pi-map-marker"
        outlined
        onClick={() => setMoving(true)}
        data-testid="quick-move"
      />
      {moving && (
        <QuickMoveDialog
          title={`Sposta ${codice}`}
          current={current}
          places={ubicazioni.data ?? []}
          pendingId={pendingId}
          onMove={(u) => {
            setPendingId(u._id);
            void onMove(u)
              .then(
                (result) => {
                  if (!wasQueued(result))
                    notify({
                      severity: 'success',
                      summary: movedLabel,
                      detail: `${codice} → ${u.nome}`,
                    });
                },
                (error: Error) =>
                  notify({
                    severity: 'error',
                    summary: 'Spostamento non riuscito',
                    detail: error.message,
                  }),
              )
              .finally(() => {
                setPendingId(null);
                setMoving(false);
              });
          }}
          onClose={() => setMoving(false)}
        />
      )}
    </nav>
  );
}
