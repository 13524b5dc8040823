import { useState } from 'react';
import { Button } from 'primereact/button';
import { notify } from '@/lib/toast';
import { saveBlob } from '@/lib/save-blob';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * Export of the filtered list (DESIGN §5): the file comes from the server through the API client
 * (bearer, company) and is saved by the browser.
 */
export function ExportButtons({
  download,
  fallbackName,
}: {
  download: (format: ExportFormat) => Promise<{ blob: Blob; fileName: string | null }>;
  /** file name without extension when the server does not say one */
  fallbackName: string;
}) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const { blob, fileName } = await download(format);
      saveBlob(blob, fileName ?? `${fallbackName}.${format}`);
    } catch (error) {
      notify({
        severity: 'error',
        summary: 'Esportazione non riuscita',
        detail: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button
        type="button"
        label="CSV"
        icon="pi pi-download"
        outlined
        loading={busy === 'csv'}
        disabled={busy !== null}
        onClick={() => void run('csv')}
        aria-label="Esporta in CSV"
        data-testid="export-csv"
      />
      <Button
        type="button"
        label="Excel"
        icon="pi pi-file-excel"
        outlined
        loading={busy === 'xlsx'}
        disabled={busy !== null}
        onClick={() => void run('xlsx')}
        aria-label="Esporta in Excel (XLSX)"
        data-testid="export-xlsx"
      />
    </>
  );
}
