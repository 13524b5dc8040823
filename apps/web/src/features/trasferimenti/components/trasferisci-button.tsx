import { useState } from 'react';
import { Button } from 'primereact/button';
import type { Trasferimento } from '@gestcava/contracts';
import { CreaDdtOffer } from '@/components/stock/crea-ddt';
import { notify } from '@/lib/toast';
import { ddtOfTrasferimento } from './trasferimento-ddt';
import { TrasferimentoDialog, type TransferItem } from './trasferimento-dialog';

/** "Trasferisci" for the items ticked in a list: one transfer carrying all of them, then «Crea DDT» for it. */
export function TrasferisciButton({
  items,
  onDone,
}: {
  items: TransferItem[];
  onDone?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<Trasferimento | null>(null);
  return (
    <>
      <Button
        type="button"
        label="Trasferisci"
        icon="pi pi-send"
        outlined
        disabled={items.length === 0}
        onClick={() => setOpen(true)}
        data-testid="selection-trasferisci"
      />
      {open && (
        <TrasferimentoDialog
          items={items}
          onClose={() => setOpen(false)}
          onDone={(t) => {
            setOpen(false);
            setDone(t);
            onDone?.();
            notify({
              severity: 'success',
              summary: 'Trasferimento registrato',
              detail: `${t.righe.map((r) => r.codice).join(', ')} → ${t.destinazione.name}`,
            });
          }}
        />
      )}
      {done && <CreaDdtOffer {...ddtOfTrasferimento(done)} onClose={() => setDone(null)} />}
    </>
  );
}
