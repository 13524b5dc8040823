import { useState } from 'react';
import { Button } from 'primereact/button';
import { notify } from '@/lib/toast';
import { TrasferimentoDialog, type TransferItem } from './trasferimento-dialog';

/** "Trasferisci" for the items ticked in a list: one transfer carrying all of them. */
export function TrasferisciButton({ items, onDone }: { items: TransferItem[]; onDone?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" label="Trasferisci" icon="pi pi-send" outlined disabled={items.length === 0} onClick={() => setOpen(true)} data-testid="selection-trasferisci" />
      {open && (
        <TrasferimentoDialog
          items={items}
          onClose={() => setOpen(false)}
          onDone={(t) => {
            setOpen(false);
            onDone?.();
            notify({ severity: 'success', summary: 'Trasferimento registrato', detail: `${t.righe.map((r) => r.codice).join(', ')} → ${t.destinazione.name}` });
          }}
        />
      )}
    </>
  );
}
