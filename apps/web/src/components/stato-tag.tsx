import type { ReactNode } from 'react';
import {
  BANCATA_STATO_LABELS,
  BLOCCO_STATO_LABELS,
  type BancataStato,
  type BloccoStato,
} from '@gestcava/contracts';
import { BANCATA_STATO_TONES, BLOCCO_STATO_TONES, type StatoTone } from './stato-tones';
import './stato-tag.css';

/** A state as a coloured tag (lists, cards, detail pages). */
export function StatoTag({
  label,
  tone,
  testId,
}: {
  label: string;
  tone: StatoTone;
  testId?: string;
}) {
  return (
    <span className={`stato-tag stato-tag-${tone}`} data-testid={testId}>
      {label}
    </span>
  );
}

export function BancataStatoTag({ stato, testId }: { stato: BancataStato; testId?: string }) {
  return (
    <StatoTag
      label={BANCATA_STATO_LABELS[stato]}
      tone={BANCATA_STATO_TONES[stato]}
      testId={testId}
    />
  );
}

export function BloccoStatoTag({ stato, testId }: { stato: BloccoStato; testId?: string }) {
  return (
    <StatoTag label={BLOCCO_STATO_LABELS[stato]} tone={BLOCCO_STATO_TONES[stato]} testId={testId} />
  );
}

/** A detail page's state panel: the current state (tag and notes), then the moves the user may make. */
export function StatoPanel({ actions, children }: { actions: ReactNode; children: ReactNode }) {
  return (
    <div className="stato-panel">
      <span className="stato-panel-current">{children}</span>
      {actions}
    </div>
  );
}
