import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { DialogFooter } from '@/components/dialog-footer';
import { DateInput } from '@/components/form/date-input';
import { FormField } from '@/components/form/form-field';
import { todayIso } from '@/lib/iso-date';
import { notify } from '@/lib/toast';
import { downloadZip } from '../api/fatture';

/** The previous calendar month, the period an accountant usually asks for. */
function meseScorso(): { dal: string; al: string } {
  const d = new Date();
  const first = new Date(d.getFullYear(), d.getMonth() - 1, 1);
  const last = new Date(d.getFullYear(), d.getMonth(), 0);
  const iso = (x: Date) =>
    `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')}`;
  return { dal: iso(first), al: iso(last) };
}

/**
 * «XML per il commercialista»: the emitted invoices' XML files of a period in one ZIP. The period is
 * the list's when it has one, else the previous month, and can be changed before downloading.
 */
export function ZipButton({ dal, al }: { dal?: string; al?: string }) {
  const [open, setOpen] = useState(false);
  const [period, setPeriod] = useState<{ dal: string | null; al: string | null }>({
    dal: null,
    al: null,
  });
  const [busy, setBusy] = useState(false);
  const show = () => {
    const def = meseScorso();
    setPeriod({ dal: dal ?? def.dal, al: al ?? (dal ? todayIso() : def.al) });
    setOpen(true);
  };
  const error =
    !period.dal || !period.al
      ? 'Indica il periodo'
      : period.dal > period.al
        ? 'Il periodo finisce prima di cominciare'
        : undefined;
  const download = async () => {
    if (error || !period.dal || !period.al) return;
    setBusy(true);
    try {
      await downloadZip(period.dal, period.al);
      setOpen(false);
    } catch (e) {
      notify({
        severity: 'error',
        summary: 'ZIP non scaricato',
        detail: e instanceof Error ? e.message : undefined,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        type="button"
        label="XML (ZIP)"
        icon="pi pi-file-export"
        outlined
        onClick={show}
        aria-label="Scarica gli XML del periodo in un file ZIP"
        data-testid="fatture-zip"
      />
      {open && (
        <Dialog
          visible
          onHide={() => !busy && setOpen(false)}
          header="XML delle fatture per il commercialista"
          modal
          style={{ width: '28rem' }}
          breakpoints={{ '640px': '100vw' }}
          data-testid="fatture-zip-dialog"
          footer={
            <DialogFooter onCancel={() => setOpen(false)} pending={busy}>
              <Button
                type="button"
                label="Scarica ZIP"
                icon="pi pi-download"
                loading={busy}
                disabled={error !== undefined}
                onClick={() => void download()}
                data-testid="fatture-zip-scarica"
              />
            </DialogFooter>
          }
        >
          <p className="mt-0 text-color-secondary">
            I file XML delle fatture emesse nel periodo, come sono stati trasmessi al Sistema di
            Interscambio.
          </p>
          <div className="formgrid grid">
            <FormField id="zip-dal" label="Dal" className="col-6" error={error}>
              <DateInput
                id="zip-dal"
                value={period.dal}
                onChange={(v) => setPeriod((p) => ({ ...p, dal: v }))}
              />
            </FormField>
            <FormField id="zip-al" label="Al" className="col-6">
              <DateInput
                id="zip-al"
                value={period.al}
                onChange={(v) => setPeriod((p) => ({ ...p, al: v }))}
              />
            </FormField>
          </div>
        </Dialog>
      )}
    </>
  );
}
