import { useState } from 'react';
import { Button } from 'primereact/button';
import { buildUrl } from '@/lib/api';
import { notify } from '@/lib/toast';
import { getVerbaleLink } from '../api/collaudi';

/**
 * "Scarica verbale": the server signs a short-lived link to the verbale's PDF (so a plain link
 * downloads it without the bearer token), prefixed with the server's address like photo links.
 */
export function VerbaleButton({ collaudoId, codice }: { collaudoId: string; codice: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { url } = await getVerbaleLink(collaudoId);
      const a = document.createElement('a');
      a.href = buildUrl(url);
      a.download = `verbale-${codice}.pdf`;
      a.rel = 'noopener';
      document.body.append(a);
      a.click();
      a.remove();
    } catch (error) {
      notify({ severity: 'error', summary: 'Verbale non disponibile', detail: error instanceof Error ? error.message : undefined });
    } finally {
      setBusy(false);
    }
  };
  return <Button type="button" label="Scarica verbale" icon="pi pi-file-pdf" outlined loading={busy} onClick={() => void download()} data-testid="collaudo-verbale" />;
}
