import { useState } from 'react';
import { Button } from 'primereact/button';
import { BLOCCO_STATO_LABELS, type CollaudoRiga } from '@gestcava/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';

/** The bin on a row's card and the question before the block leaves the collaudo. */
export function RigaRemoveButton({
  riga,
  onRemove,
  removing,
}: {
  riga: CollaudoRiga;
  onRemove: () => void;
  removing?: boolean;
}) {
  const [ask, setAsk] = useState(false);
  const b = riga.blocco;
  return (
    <>
      <Button
        type="button"
        icon="pi pi-trash"
        outlined
        severity="danger"
        aria-label={`Togli ${b.codice} dal collaudo`}
        onClick={() => setAsk(true)}
        data-testid="riga-remove"
      />
      <ConfirmDialog
        visible={ask}
        title={`Togliere ${b.codice} dal collaudo?`}
        confirmLabel="Togli il blocco"
        confirmIcon="pi pi-trash"
        danger
        loading={removing}
        onConfirm={() => {
          onRemove();
          setAsk(false);
        }}
        onCancel={() => setAsk(false)}
        testId="confirm-riga-remove"
      >
        <p className="m-0">
          Le misure e l&apos;esito scritti per {b.codice} si perdono; il blocco torna{' '}
          {BLOCCO_STATO_LABELS[riga.statoPrecedente].toLowerCase()}.
        </p>
      </ConfirmDialog>
    </>
  );
}
