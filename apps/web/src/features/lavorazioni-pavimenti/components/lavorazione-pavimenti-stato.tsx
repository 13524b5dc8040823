import {
  LAVORAZIONE_PAVIMENTI_STATO_LABELS,
  type LavorazionePavimentiStato,
} from '@gestcava/contracts';
import { StatoTag } from '@/components/stato-tag';
import type { StatoTone } from '@/components/stato-tones';

const TONES: Record<LavorazionePavimentiStato, StatoTone> = {
  pianificata: 'neutral',
  in_lavorazione: 'warning',
  completata: 'success',
  annullata: 'muted',
};

export function LavorazionePavimentiStatoTag({
  stato,
  testId,
}: {
  stato: LavorazionePavimentiStato;
  testId?: string;
}) {
  return (
    <StatoTag
      label={LAVORAZIONE_PAVIMENTI_STATO_LABELS[stato]}
      tone={TONES[stato]}
      testId={testId}
    />
  );
}
