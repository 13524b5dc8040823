import {
  COLLAUDO_STATO_LABELS,
  ESITO_LABELS,
  type CollaudoStato,
  type Esito,
} from '@gestcava/contracts';
import { StatoTag } from '@/components/stato-tag';
import type { StatoTone } from '@/components/stato-tones';

const TONES: Record<CollaudoStato, StatoTone> = {
  programmato: 'neutral',
  in_corso: 'warning',
  eseguito: 'info',
  confermato: 'success',
  annullato: 'muted',
};

export function CollaudoStatoTag({ stato, testId }: { stato: CollaudoStato; testId?: string }) {
  return <StatoTag label={COLLAUDO_STATO_LABELS[stato]} tone={TONES[stato]} testId={testId} />;
}

const ESITO_TONES: Record<Esito, StatoTone> = {
  accettato: 'success',
  accettato_con_riserva: 'warning',
  rifiutato: 'danger',
};

export function EsitoTag({ esito, testId }: { esito: Esito | null; testId?: string }) {
  return esito ? (
    <StatoTag label={ESITO_LABELS[esito]} tone={ESITO_TONES[esito]} testId={testId} />
  ) : (
    <StatoTag label="Da valutare" tone="neutral" testId={testId} />
  );
}
