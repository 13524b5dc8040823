import { Button } from 'primereact/button';
import { saveBlob, useDownloadButtons } from '@/lib/download';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * Export of the filtered list (docs/screens.md): the file comes from the server through the API client
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
  const button = useDownloadButtons<ExportFormat>('Esportazione non riuscita', async (format) => {
    const { blob, fileName } = await download(format);
    saveBlob(blob, fileName ?? `${fallbackName}.${format}`);
  });
  return (
    <>
      <Button
        label="CSV"
        icon="pi pi-download"
        {...button('csv')}
        aria-label="Esporta in CSV"
        data-testid="export-csv"
      />
      <Button
        label="Excel"
        icon="pi pi-file-excel"
        {...button('xlsx')}
        aria-label="Esporta in Excel (XLSX)"
        data-testid="export-xlsx"
      />
    </>
  );
}
