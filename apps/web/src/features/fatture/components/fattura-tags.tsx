import {
  FATTURA_ESITO_LABELS,
  FATTURA_STATO_LABELS,
  type FatturaEsito,
  type FatturaStato,
} from '@gestcava/contracts';
import { StatoTag } from '@/components/stato-tag';
import type { StatoTone } from '@/components/stato-tones';

const STATO_TONES: Record<FatturaStato, StatoTone> = { bozza: 'neutral', emessa: 'success' };
const ESITO_TONES: Record<FatturaEsito, StatoTone> = {
  consegnata: 'success',
  scartata: 'danger',
  mancata_consegna: 'warning',
};

export function FatturaStatoTag({ stato, testId }: { stato: FatturaStato; testId?: string }) {
  return <StatoTag label={FATTURA_STATO_LABELS[stato]} tone={STATO_TONES[stato]} testId={testId} />;
}

/** The SDI's latest outcome, or nothing before one is recorded. */
export function EsitoSdiTag({ esito, testId }: { esito: FatturaEsito | null; testId?: string }) {
  if (!esito) return null;
  return (
    <StatoTag
      label={`SDI: ${FATTURA_ESITO_LABELS[esito]}`}
      tone={ESITO_TONES[esito]}
      testId={testId}
    />
  );
}
