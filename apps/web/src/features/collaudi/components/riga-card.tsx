import type { KeyboardEvent, ReactNode } from 'react';
import {
  BLOCCO_STATO_LABELS,
  detailPath,
  SCELTA_LABELS,
  type CollaudoRiga,
} from '@gestcava/contracts';
import { RecordLink } from '@/components/record-link';
import { formatVolume } from '@/lib/format';
import { misure } from './collaudo-format';
import {
  AbbuonoFields,
  DifettiField,
  EsitoField,
  MisureFields,
  NoteField,
  type RigaFieldProps,
} from './riga-fields';
import { RigaFoot, RigaPreview, type RigaStatus } from './riga-foot';
import type { RigaDraft } from './riga-model';
import { PrezzoFields } from './riga-prezzo-fields';
import { RigaRemoveButton } from './riga-remove';

/**
 * One block of the collaudo, filled in on a tablet in the yard: the measures found (the declared
 * ones as placeholders, Enter goes to the next number), the defects found beside the declared ones,
 * the abbuono, the outcome as three big buttons, the price €/m³ or €/t and the weighbridge's tonnes.
 * The net measures, m³, t and amount follow every key (the contracts' `calcolaRiga`, what the
 * server stores). Numbers and notes are saved when left, buttons at once, or with "Salva".
 */
export function RigaCard({
  riga,
  index,
  draft,
  status,
  onChange,
  onCommit,
  onRemove,
  removing,
  photo,
}: {
  riga: CollaudoRiga;
  index: number;
  draft: RigaDraft;
  status: RigaStatus;
  /** the draft changed; `commit` saves it at once (buttons, toggles) */
  onChange: (next: RigaDraft, commit?: boolean) => void;
  /** save what differs from the stored row */
  onCommit: (draft: RigaDraft) => void;
  onRemove: () => void;
  removing?: boolean;
  /** the camera button that tags a photo with this block */
  photo?: ReactNode;
}) {
  const b = riga.blocco;
  const fid = (name: string) => `riga-${index + 1}-${name}`;
  const commit = () => onCommit(draft);
  const fields: RigaFieldProps = {
    blocco: b,
    draft,
    set: (key, value, now = false) => onChange({ ...draft, [key]: value }, now),
    change: (next) => onChange(next, true),
    commit,
    fid,
  };
  const bloccoPath = detailPath(b.origine === 'esterno' ? 'blocco-esterno' : 'blocco', b._id);

  return (
    <article
      className="card riga-card"
      aria-labelledby={fid('title')}
      data-testid="riga-card"
      data-codice={b.codice}
      onKeyDown={enterToNextNumber}
    >
      <header className="riga-card-head">
        <div className="riga-card-title">
          <h3 id={fid('title')} className="m-0">
            <span className="riga-card-n">{index + 1}.</span>{' '}
            <RecordLink to={bloccoPath}>{b.codice}</RecordLink>
          </h3>
          <span className="text-color-secondary">
            {[b.materiale.nome, SCELTA_LABELS[b.scelta], b.origine === 'esterno' ? 'esterno' : null]
              .filter(Boolean)
              .join(' · ')}
          </span>
          <span className="text-color-secondary">
            Dichiarato {misure(b.lunghezza, b.altezza, b.profondita)} · {formatVolume(b.volume)}
            {riga.statoPrecedente === 'opzionato'
              ? ` · era ${BLOCCO_STATO_LABELS.opzionato.toLowerCase()}`
              : ''}
          </span>
        </div>
        <div className="riga-card-actions">
          {photo}
          <RigaRemoveButton riga={riga} onRemove={onRemove} removing={removing} />
        </div>
      </header>
      <MisureFields {...fields} />
      <DifettiField {...fields} />
      <AbbuonoFields {...fields} />
      <EsitoField {...fields} />
      <NoteField {...fields} />
      <PrezzoFields {...fields} />
      <RigaPreview riga={riga} draft={draft} />
      <RigaFoot status={status} onSave={commit} />
    </article>
  );
}

/** Enter goes to the card's next number (measures, abbuono, price, tonnes); after the last it is left, which saves it. */
function enterToNextNumber(e: KeyboardEvent<HTMLElement>) {
  if (
    e.key !== 'Enter' ||
    !(e.target instanceof HTMLInputElement) ||
    !e.target.classList.contains('number-input')
  )
    return;
  e.preventDefault();
  const inputs = Array.from(
    e.currentTarget.querySelectorAll<HTMLInputElement>('input.number-input:not([disabled])'),
  );
  const next = inputs[inputs.indexOf(e.target) + 1];
  if (next) {
    next.focus();
    next.select();
  } else e.target.blur();
}
