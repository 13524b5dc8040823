import { useState } from 'react';
import { SplitButton } from 'primereact/splitbutton';
import { apiDownload } from '@/lib/api';
import { saveBlob } from '@/lib/download';
import { notify } from '@/lib/toast';
import { LabelsAddress } from './labels-address';

type Formato = 'a4' | '100x150';

/**
 * "Stampa etichetta": the label PDF of one item or a selection — an A4 sheet by default,
 * or 100×150 mm labels for a thermal printer — with the QR code that opens the item's page, and a
 * warning beside it while that page's address is a local one.
 */
export function PrintLabelsButton({
  entityType,
  ids,
  codice,
}: {
  entityType: string;
  ids: string[];
  codice?: string;
}) {
  const [busy, setBusy] = useState(false);
  const label = ids.length === 1 ? 'Stampa etichetta' : `Stampa ${ids.length} etichette`;
  const print = async (formato: Formato) => {
    setBusy(true);
    try {
      const { blob, fileName } = await apiDownload('/api/etichette', {
        query: { entityType, ids: ids.join(','), formato },
      });
      saveBlob(
        blob,
        fileName ?? `etichett${ids.length === 1 ? `a-${codice ?? entityType}` : 'e'}.pdf`,
      );
    } catch (error) {
      notify({
        severity: 'error',
        summary: 'Etichette non generate',
        detail: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex align-items-center flex-wrap gap-2">
      <SplitButton
        label={label}
        icon="pi pi-qrcode"
        outlined
        disabled={ids.length === 0}
        loading={busy}
        onClick={() => void print('a4')}
        model={[
          {
            label: 'Foglio A4 (8 per foglio)',
            icon: 'pi pi-file',
            command: () => void print('a4'),
          },
          {
            label: 'Etichetta 100×150 mm',
            icon: 'pi pi-tag',
            command: () => void print('100x150'),
          },
        ]}
        menuButtonProps={{ 'aria-label': 'Formato delle etichette' }}
        data-testid="print-labels"
      />
      <LabelsAddress compact />
    </span>
  );
}
