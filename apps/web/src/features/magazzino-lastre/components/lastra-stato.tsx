import { LASTRA_STATO_LABELS, type LastraStato } from '@gestcava/contracts';
import { StatoTag } from '@/components/stato-tag';
import type { StatoTone } from '@/components/stato-tones';

const TONES: Record<LastraStato, StatoTone> = {
  disponibile: 'success',
  riservata: 'warning',
  venduta: 'progress',
  spedita: 'muted',
  rotta: 'danger',
  in_lavorazione: 'info',
};

export function LastraStatoTag({ stato, testId }: { stato: LastraStato; testId?: string }) {
  return <StatoTag label={LASTRA_STATO_LABELS[stato]} tone={TONES[stato]} testId={testId} />;
}
