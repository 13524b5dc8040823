import '@/components/list/list-cards.css';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Skeleton } from 'primereact/skeleton';
import type { DdtDaSpedire, DdtElemento, DdtRigaTipo } from '@gestcava/contracts';
import { NumberInput } from '@/components/form/number-input';
import { FieldError } from '@/components/form/field-error';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';
import { pezziError, tickKey, totaliScelti, type Ticked } from '../model/nuovo-ddt';
import { colliText, pesoOf, quantitaOf, totaliText } from './ddt-figures';

const GROUPS: ReadonlyArray<{
  tipo: DdtRigaTipo;
  list: keyof Omit<DdtDaSpedire, 'destinatario' | 'luogoPartenza'>;
  title: string;
}> = [
  { tipo: 'blocco', list: 'blocchi', title: 'Blocchi' },
  { tipo: 'pacco', list: 'pacchi', title: 'Pacchi' },
  { tipo: 'lastra', list: 'lastre', title: 'Lastre sfuse' },
  { tipo: 'lotto', list: 'lotti', title: 'Pavimenti' },
];

export interface ItemsStepProps {
  da: DdtDaSpedire | undefined;
  loading: boolean;
  ticked: Ticked;
  onToggle: (tipo: DdtRigaTipo, id: string, on: boolean) => void;
  onPezzi: (id: string, pezzi: number | null) => void;
  /** every item listed ticked, or none */
  onAll: (on: boolean) => void;
}

/** Step 2: what leaves, ticked from what is sold to the party and not shipped; the totals follow each tick. */
export function ItemsStep({ da, loading, ticked, onToggle, onPezzi, onAll }: ItemsStepProps) {
  const phone = useMediaQuery(CARDS_QUERY);
  if (loading || !da) return <Skeleton width="100%" height="6rem" />;
  const count = GROUPS.reduce((n, g) => n + da[g.list].length, 0);
  if (count === 0)
    return (
      <p className="m-0" data-testid="ddt-nulla-da-spedire">
        Nulla da spedire: al destinatario non risulta venduto nulla che non sia già partito.
      </p>
    );
  const totali = totaliScelti(da, ticked);

  return (
    <>
      <div className="flex flex-wrap gap-2 mb-2">
        <Button
          type="button"
          label="Seleziona tutto"
          icon="pi pi-check-square"
          text
          onClick={() => onAll(true)}
          data-testid="ddt-tutti"
        />
        <Button
          type="button"
          label="Deseleziona"
          icon="pi pi-stop"
          text
          onClick={() => onAll(false)}
          disabled={ticked.size === 0}
        />
      </div>
      {GROUPS.filter((g) => da[g.list].length > 0).map((g) => (
        <fieldset key={g.tipo} className="ddt-group">
          <legend>{g.title}</legend>
          <ul className={phone ? 'list-cards-items' : 'ddt-tick-rows'}>
            {da[g.list].map((e) => (
              <TickRow
                key={e._id}
                e={e}
                t={ticked.get(tickKey(g.tipo, e._id))}
                onToggle={(on) => onToggle(g.tipo, e._id, on)}
                onPezzi={(p) => onPezzi(e._id, p)}
                card={phone}
              />
            ))}
          </ul>
        </fieldset>
      ))}
      <div
        className="ddt-totali-bar"
        role="status"
        aria-live="polite"
        data-testid="ddt-totali-scelti"
      >
        <strong>{ticked.size === 1 ? '1 elemento' : `${ticked.size} elementi`}:</strong>{' '}
        {totaliText(totali).join(' · ')}
      </div>
    </>
  );
}

function TickRow({
  e,
  t,
  onToggle,
  onPezzi,
  card,
}: {
  e: DdtElemento;
  t: { pezzi?: number } | undefined;
  onToggle: (on: boolean) => void;
  onPezzi: (p: number | null) => void;
  card: boolean;
}) {
  const id = `ddt-tick-${e.entityType}-${e._id}`;
  const pezziId = `${id}-pezzi`;
  const pezzi = t?.pezzi ?? e.pezzi;
  const error = t && e.entityType === 'lotto' ? pezziError(pezzi, e.pezzi) : undefined;
  return (
    <li
      className={card ? 'list-card ddt-tick-card' : 'ddt-tick-row'}
      data-testid="ddt-tick"
      data-codice={e.codice}
      data-checked={t ? 'true' : 'false'}
    >
      <span className="ddt-tick-main">
        <Checkbox
          inputId={id}
          checked={t !== undefined}
          onChange={(ev) => onToggle(ev.checked === true)}
          data-testid="ddt-tick-box"
        />
        <label htmlFor={id} className="ddt-tick-label">
          <strong>{e.codice}</strong>
          <span>{[e.descrizione, e.misure, e.scelta].filter(Boolean).join(' · ')}</span>
        </label>
      </span>
      <span className="ddt-tick-figures text-color-secondary">
        {quantitaOf(e)} · {pesoOf(e)} · {colliText(e.colli)}
      </span>
      {t && e.entityType === 'lotto' && (
        <span className="ddt-tick-pezzi">
          <label htmlFor={pezziId}>Pezzi da spedire (su {e.pezzi})</label>
          <NumberInput
            id={pezziId}
            value={pezzi}
            onChange={onPezzi}
            decimals={0}
            error={error}
            testId="ddt-pezzi"
          />
          <FieldError id={pezziId} message={error} />
        </span>
      )}
    </li>
  );
}
