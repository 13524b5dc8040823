import { LAVORAZIONE_LASTRE_STATO_LABELS, type LavorazioneLastreStato } from '@gestcava/contracts';
import { StatoTag } from '@/components/stato-tag';
import type { StatoTone } from '@/components/stato-tones';

const TONES: Record<LavorazioneLastreStato, StatoTone> = {
  pianificata: 'neutral',
  in_segagione: 'warning',
  completata: 'success',
  annullata: 'muted',
};

export function LavorazioneLastreStatoTag({
  stato,
  testId,
}: {
  stato: LavorazioneLastreStato;
  testId?: string;
}) {
  return (
    <StatoTag label={LAVORAZIONE_LASTRE_STATO_LABELS[stato]} tone={TONES[stato]} testId={testId} />
  );
}
