import { DDT_STATO_LABELS, type DdtStato } from '@gestcava/contracts';
import { StatoTag } from '@/components/stato-tag';
import type { StatoTone } from '@/components/stato-tones';

const TONES: Record<DdtStato, StatoTone> = {
  bozza: 'neutral',
  emesso: 'success',
  annullato: 'danger',
};

export function DdtStatoTag({ stato, testId }: { stato: DdtStato; testId?: string }) {
  return <StatoTag label={DDT_STATO_LABELS[stato]} tone={TONES[stato]} testId={testId} />;
}
