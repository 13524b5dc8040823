import { useState } from 'react';
import { Button } from 'primereact/button';
import type { VerbaleLingua } from '@gestcava/contracts';
import { buildUrl } from '@/lib/api';
import { downloadLink } from '@/lib/save-blob';
import { notify } from '@/lib/toast';
import { getVerbaleLink } from '../api/collaudi';

/** The file each language downloads as, the name the server gives it too. */
const FILE: Record<VerbaleLingua, (codice: string) => string> = {
  it: (codice) => `verbale-${codice}.pdf`,
  en: (codice) => `inspection-report-${codice}.pdf`,
};

/**
 * "Scarica verbale" and "Verbale (EN)" for a foreign buyer: the server signs a short-lived link to the
 * verbale's PDF in that language (so a plain link downloads it without the bearer token), prefixed with
 * the server's address like photo links.
 */
export function VerbaleButton({ collaudoId, codice }: { collaudoId: string; codice: string }) {
  const [busy, setBusy] = useState<VerbaleLingua | null>(null);
  const download = async (lingua: VerbaleLingua) => {
    setBusy(lingua);
    try {
      const { url } = await getVerbaleLink(collaudoId, lingua);
      downloadLink(buildUrl(url), FILE[lingua](codice));
    } catch (error) {
      notify({ severity: 'error', summary: 'Verbale non disponibile', detail: error instanceof Error ? error.message : undefined });
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button type="button" label="Scarica verbale" icon="pi pi-file-pdf" outlined loading={busy === 'it'} disabled={busy !== null} onClick={() => void download('it')} data-testid="collaudo-verbale" />
      <Button
        type="button"
        label="Verbale (EN)"
        icon="pi pi-globe"
        outlined
        loading={busy === 'en'}
        disabled={busy !== null}
        onClick={() => void download('en')}
        tooltip="Verbale in inglese, per un acquirente estero"
        data-testid="collaudo-verbale-en"
      />
    </>
  );
}
