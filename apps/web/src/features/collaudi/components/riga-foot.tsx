import { Button } from 'primereact/button';
import type { CollaudoRiga } from '@gestcava/contracts';
import { ComputedValues } from '@/components/form/computed-values';
import { formatEuroCents, formatVolume, formatWeight } from '@/lib/format';
import { misure } from './collaudo-format';
import { previewOf, type RigaDraft } from './riga-model';

/** 'queued': kept on the device while offline, to be sent when the network returns. */
export type RigaStatus =
  | { kind: 'saved' }
  | { kind: 'dirty' }
  | { kind: 'saving' }
  | { kind: 'queued' }
  | { kind: 'error'; message: string };

/** The net measures, m³, weight and amount as the server will store them, following every key. */
export function RigaPreview({ riga, draft }: { riga: CollaudoRiga; draft: RigaDraft }) {
  const preview = previewOf(riga, draft);
  return (
    <ComputedValues
      label={`Valori di ${riga.blocco.codice} come saranno registrati`}
      testId="riga-preview"
      items={[
        {
          key: 'misure',
          label: 'Misure nette',
          value: misure(preview.lunghezzaNetta, preview.altezzaNetta, preview.profonditaNetta),
        },
        { key: 'volume', label: 'm³ netti', value: formatVolume(preview.volumeNettoAccettato) },
        // what a per-tonne price is charged on: the weighbridge (this reading, else the block's), else m³ × density
        { key: 'peso', label: 'Peso', value: `${formatWeight(preview.peso)} ${preview.pesoBase}` },
        {
          key: 'importo',
          label: 'Importo',
          value: preview.importo !== null ? formatEuroCents(preview.importo) : null,
        },
      ]}
    />
  );
}

/** Whether the row is saved, and "Salva" for what is not yet. */
export function RigaFoot({ status, onSave }: { status: RigaStatus; onSave: () => void }) {
  return (
    <footer className="riga-card-foot">
      <SaveStatus status={status} />
      <Button
        type="button"
        label="Salva"
        icon="pi pi-save"
        outlined={status.kind !== 'dirty'}
        disabled={status.kind === 'saving' || status.kind === 'saved' || status.kind === 'queued'}
        onClick={onSave}
        data-testid="riga-save"
      />
    </footer>
  );
}

function SaveStatus({ status }: { status: RigaStatus }) {
  const shown = {
    saved: { icon: 'pi pi-check-circle', text: 'Salvato', cls: 'riga-status-saved' },
    dirty: { icon: 'pi pi-pencil', text: 'Modifiche da salvare', cls: 'riga-status-dirty' },
    saving: { icon: 'pi pi-spin pi-spinner', text: 'Salvataggio…', cls: 'riga-status-saving' },
    queued: {
      icon: 'pi pi-cloud-upload',
      text: 'Salvata sul dispositivo',
      cls: 'riga-status-dirty',
    },
    error: {
      icon: 'pi pi-exclamation-circle',
      text: status.kind === 'error' ? status.message : '',
      cls: 'riga-status-error',
    },
  }[status.kind];
  return (
    <span
      className={`riga-status ${shown.cls}`}
      role="status"
      data-testid="riga-status"
      data-status={status.kind}
    >
      <i className={shown.icon} aria-hidden="true" />
      {shown.text}
    </span>
  );
}
