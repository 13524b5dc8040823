import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import type { Company } from '@gestcava/contracts';
import { DialogFooter } from '@/components/dialog-footer';
import { FormAlert } from '@/components/form/form-alert';
import { LOGO_TYPES, logoFileProblem, useUploadLogo } from '../api/group-companies';

/** Logo of a group company (admin): choose, preview, upload with progress. */
export function LogoUploadDialog({
  company,
  onClose,
  onUploaded,
}: {
  company: Company;
  onClose: () => void;
  onUploaded: (company: Company) => void;
}) {
  const inputId = useId();
  const previewRef = useRef<string | null>(null);
  const upload = useUploadLogo();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  // the preview's object URL goes when it is replaced or the dialog closes
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
      previewRef.current = null;
    },
    [],
  );

  const choose = (chosen: File | undefined) => {
    setProblem(null);
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = null;
    const why = chosen ? logoFileProblem(chosen) : null;
    if (!chosen || why) {
      setFile(null);
      setPreview(null);
      if (why) setProblem(why);
      return;
    }
    previewRef.current = URL.createObjectURL(chosen);
    setFile(chosen);
    setPreview(previewRef.current);
  };

  const send = () => {
    if (!file) {
      setProblem('Scegli un file immagine');
      return;
    }
    setPercent(0);
    upload.mutate(
      { companyId: company._id, file, onProgress: (p) => setPercent(p.percent) },
      {
        onSuccess: ({ company: saved }) => onUploaded(saved),
        onError: (error) => {
          setPercent(null);
          setProblem(error.message);
        },
      },
    );
  };

  return (
    <Dialog
      visible
      onHide={() => {
        if (!upload.isPending) onClose();
      }}
      header={`Logo di ${company.name}`}
      modal
      style={{ width: '32rem' }}
      breakpoints={{ '640px': '95vw' }}
      data-testid="logo-dialog"
      footer={
        <DialogFooter onCancel={onClose} pending={upload.isPending}>
          <Button
            type="button"
            label="Carica logo"
            icon="pi pi-upload"
            onClick={send}
            loading={upload.isPending}
            disabled={!file}
            data-testid="logo-upload"
          />
        </DialogFooter>
      }
    >
      <FormAlert message={problem} testId="logo-error" />
      <div className="logo-preview-row">
        <figure className="logo-preview">
          <figcaption>Attuale</figcaption>
          {company.logoUrl ? (
            <img src={company.logoUrl} alt={`Logo attuale di ${company.name}`} />
          ) : (
            <span className="logo-none">Nessun logo</span>
          )}
        </figure>
        <figure className="logo-preview">
          <figcaption>Nuovo</figcaption>
          {preview ? (
            <img src={preview} alt="Anteprima del nuovo logo" data-testid="logo-preview" />
          ) : (
            <span className="logo-none">Scegli un file</span>
          )}
        </figure>
      </div>
      <div className="field mt-3">
        <label htmlFor={inputId}>File immagine (JPEG, PNG o WebP, al massimo 2 MB)</label>
        <input
          id={inputId}
          type="file"
          accept={LOGO_TYPES.join(',')}
          className="logo-file-input"
          onChange={(e) => choose(e.target.files?.[0])}
          disabled={upload.isPending}
          data-testid="logo-file"
        />
      </div>
      {percent !== null && (
        <ProgressBar value={percent ?? 0} aria-label="Avanzamento del caricamento" />
      )}
    </Dialog>
  );
}
