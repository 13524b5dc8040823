import { useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import {
  FATTURA_ESITI,
  FATTURA_ESITO_LABELS,
  type Fattura,
  type FatturaEsito,
} from '@gestcava/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DateInput } from '@/components/form/date-input';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { FormField } from '@/components/form/form-field';
import { SectionCard } from '@/components/section-card';
import { formatDate } from '@/lib/format';
import { todayIso } from '@/lib/iso-date';
import { notify } from '@/lib/toast';
import { useEsitoFattura, useNotificaFattura } from '../api/fatture';
import { EsitoSdiTag } from './fattura-tags';

const failed = (summary: string) => (error: unknown) =>
  notify({
    severity: 'error',
    summary,
    detail: error instanceof Error ? error.message : undefined,
  });

/** What the SDI answered about the invoice's files, newest first, each with its notification file. */
export function EsitoSdiSection({ fattura: f }: { fattura: Fattura }) {
  const esiti = [...f.esiti].reverse();
  return (
    <SectionCard titleId="fattura-sdi-title" title="Sistema di Interscambio" icon="pi pi-send">
      <p className="mt-0">
        File XML: <strong data-testid="fattura-nome-file">{f.nomeFile ?? '—'}</strong>
      </p>
      {esiti.length === 0 ? (
        <p className="m-0 text-color-secondary" data-testid="fattura-esiti-vuoto">
          {f.stato === 'emessa'
            ? 'Nessun esito registrato: trasmesso il file, registra qui la ricevuta dello SDI.'
            : 'La bozza non è ancora stata emessa.'}
        </p>
      ) : (
        <ul className="list-none p-0 m-0 flex flex-column gap-2" data-testid="fattura-esiti">
          {esiti.map((e) => (
            <li key={e.createdAt}>
              <EsitoSdiTag esito={e.esito} /> del {formatDate(e.data)}
              {e.nomeFile && <span className="block text-color-secondary">File {e.nomeFile}</span>}
              {e.notifica && (
                <span className="block text-color-secondary">Notifica {e.notifica}</span>
              )}
              {e.note && <span className="block pre-line">{e.note}</span>}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/** «Registra esito»: the SDI's outcome typed in by hand (delivered, refused, not deliverable). */
export function EsitoDialog({ fattura: f, onClose }: { fattura: Fattura; onClose: () => void }) {
  const esito = useEsitoFattura(f._id);
  const [value, setValue] = useState<{
    esito: FatturaEsito | null;
    data: string | null;
    note: string;
  }>({
    esito: null,
    data: todayIso(),
    note: '',
  });
  const [tried, setTried] = useState(false);
  const errors = {
    esito: !value.esito ? 'Scegli l’esito' : undefined,
    data: !value.data ? 'Indica la data dell’esito' : undefined,
  };
  const confirm = () => {
    setTried(true);
    if (!value.esito || !value.data) return;
    esito.mutate(
      { esito: value.esito, data: value.data, note: value.note.trim() || null },
      {
        onSuccess: (saved) => {
          notify({
            severity: 'success',
            summary: 'Esito registrato',
            detail: saved.esito ? FATTURA_ESITO_LABELS[saved.esito] : undefined,
          });
          onClose();
        },
        onError: failed('Esito non registrato'),
      },
    );
  };
  return (
    <ConfirmDialog
      visible
      title="Registra l’esito dello SDI"
      confirmLabel="Registra"
      loading={esito.isPending}
      onConfirm={confirm}
      onCancel={onClose}
      testId="fattura-esito-dialog"
    >
      <div className="formgrid grid">
        <FormField
          id="esito-esito"
          label="Esito"
          required
          error={tried ? errors.esito : undefined}
          className="col-12 md:col-6"
        >
          <Dropdown
            inputId="esito-esito"
            pt={dropdownPt('Esito')}
            value={value.esito}
            options={FATTURA_ESITI.map((e) => ({ value: e, label: FATTURA_ESITO_LABELS[e] }))}
            onChange={(e) => setValue((v) => ({ ...v, esito: e.value as FatturaEsito }))}
            placeholder="Scegli"
            className="w-full"
            data-testid="fattura-esito-esito"
          />
        </FormField>
        <FormField
          id="esito-data"
          label="Data"
          required
          error={tried ? errors.data : undefined}
          className="col-12 md:col-6"
        >
          <DateInput
            id="esito-data"
            value={value.data}
            onChange={(d) => setValue((v) => ({ ...v, data: d }))}
          />
        </FormField>
        <FormField
          id="esito-note"
          label="Note"
          className="col-12"
          hint="Per uno scarto, il motivo indicato dallo SDI"
        >
          <InputTextarea
            id="esito-note"
            value={value.note}
            onChange={(e) => setValue((v) => ({ ...v, note: e.target.value }))}
            rows={2}
            maxLength={1000}
            className="w-full"
          />
        </FormField>
      </div>
    </ConfirmDialog>
  );
}

/** «Carica notifica»: the SDI's notification XML (RicevutaConsegna, NotificaScarto, NotificaMancataConsegna). */
export function NotificaDialog({ fattura: f, onClose }: { fattura: Fattura; onClose: () => void }) {
  const upload = useNotificaFattura(f._id);
  const [file, setFile] = useState<File | null>(null);
  const [tried, setTried] = useState(false);
  const error = tried && !file ? 'Scegli il file XML della notifica' : undefined;
  const confirm = () => {
    setTried(true);
    if (!file) return;
    upload.mutate(
      { file },
      {
        onSuccess: (saved) => {
          notify({
            severity: 'success',
            summary: 'Notifica registrata',
            detail: saved.esito ? `Esito: ${FATTURA_ESITO_LABELS[saved.esito]}` : undefined,
          });
          onClose();
        },
        onError: failed('Notifica non registrata'),
      },
    );
  };
  return (
    <ConfirmDialog
      visible
      title="Carica la notifica dello SDI"
      confirmLabel="Carica"
      confirmIcon="pi pi-upload"
      loading={upload.isPending}
      onConfirm={confirm}
      onCancel={onClose}
      testId="fattura-notifica-dialog"
    >
      <p className="mt-0">
        Il file XML ricevuto dallo SDI per <strong>{f.nomeFile}</strong>: ricevuta di consegna,
        notifica di scarto o di mancata consegna. L’esito si registra da sé.
      </p>
      <FormField
        id="notifica-file"
        label="File della notifica"
        required
        error={error}
        className="col-12 p-0"
      >
        <input
          id="notifica-file"
          type="file"
          accept=".xml,application/xml,text/xml"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          data-testid="fattura-notifica-file"
        />
      </FormField>
    </ConfirmDialog>
  );
}
