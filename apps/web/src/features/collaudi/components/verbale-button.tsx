import { Button } from 'primereact/button';
import type { VerbaleLingua } from '@gestcava/contracts';
import { downloadSignedLink, useDownloadButtons } from '@/lib/download';
import { getVerbaleLink } from '../api/collaudi';

/** The file each language downloads as, the name the server gives it too. */
const FILE: Record<VerbaleLingua, (codice: string) => string> = {
  it: (codice) => `verbale-${codice}.pdf`,
  en: (codice) => `inspection-report-${codice}.pdf`,
};

/**
 * "Scarica verbale" and "Verbale (EN)" for a foreign buyer: the server signs a short-lived link to the
 * verbale's PDF in that language, which the browser then downloads.
 */
export function VerbaleButton({ collaudoId, codice }: { collaudoId: string; codice: string }) {
  const button = useDownloadButtons<VerbaleLingua>('Verbale non disponibile', async (lingua) => {
    const { url } = await getVerbaleLink(collaudoId, lingua);
    downloadSignedLink(url, FILE[lingua](codice));
  });
  return (
    <>
      <Button
        label="Scarica verbale"
        icon="pi pi-file-pdf"
        {...button('it')}
        data-testid="collaudo-verbale"
      />
      <Button
        label="Verbale (EN)"
        icon="pi pi-globe"
        {...button('en')}
        tooltip="Verbale in inglese, per un acquirente estero"
        data-testid="collaudo-verbale-en"
      />
    </>
  );
}
