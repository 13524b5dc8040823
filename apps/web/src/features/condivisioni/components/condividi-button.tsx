import { useState } from 'react';
import { Button } from 'primereact/button';
import type { PickedAnagrafica } from '@/components/form/anagrafica-picker';
import { CondividiDialog, type SharedBlocco } from './condividi-dialog';

/**
 * **Condividi con il cliente** for several blocks at once: the blocchi list's ticked rows, a
 * collaudo's blocks (with its cliente already chosen). The server checks each block is on offer.
 */
export function CondividiButton({
  blocchi,
  cliente,
  label = 'Condividi con il cliente',
}: {
  blocchi: SharedBlocco[];
  cliente?: PickedAnagrafica | null;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        label={label}
        icon="pi pi-share-alt"
        outlined
        disabled={blocchi.length === 0}
        onClick={() => setOpen(true)}
        data-testid="selection-condividi"
      />
      {open && (
        <CondividiDialog blocchi={blocchi} cliente={cliente} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
