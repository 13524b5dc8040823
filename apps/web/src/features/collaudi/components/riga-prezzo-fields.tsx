import { SCELTA_LABELS, SCELTE, UNITA_PREZZO_COLLAUDO, UNITA_PREZZO_COLLAUDO_LABELS } from '@gestcava/contracts';
import { NumberInput } from '@/components/form/number-input';
import { formatNumber, formatWeight } from '@/lib/format';
import type { RigaFieldProps } from './riga-fields';

/** The price and its unit (€/m³ or €/t), the weighbridge's tonnes and the scelta assigned. */
export function PrezzoFields({ blocco: b, draft, set, commit, fid }: RigaFieldProps) {
  return (
    <div className="riga-row">
      <div className="riga-field">
        <label htmlFor={fid('prezzo')}>Prezzo</label>
        <NumberInput
          id={fid('prezzo')}
          value={draft.prezzo}
          onChange={(v) => set('prezzo', v)}
          onBlur={commit}
          decimals={2}
          unit={UNITA_PREZZO_COLLAUDO_LABELS[draft.unitaPrezzo]}
          placeholder={b.prezzoListino !== null ? `listino ${formatNumber(b.prezzoListino, 2)}` : undefined}
          testId="riga-prezzo"
        />
      </div>
      <div className="riga-field">
        <span className="riga-label" id={fid('unita')}>
          Prezzo a
        </span>
        <div className="riga-toggle" role="group" aria-labelledby={fid('unita')}>
          {UNITA_PREZZO_COLLAUDO.map((u) => (
            <button key={u} type="button" className={`riga-toggle-btn${draft.unitaPrezzo === u ? ' riga-toggle-on' : ''}`} aria-pressed={draft.unitaPrezzo === u} onClick={() => set('unitaPrezzo', u, true)} data-testid={`riga-unita-${u}`}>
              {UNITA_PREZZO_COLLAUDO_LABELS[u]}
            </button>
          ))}
        </div>
      </div>
      <div className="riga-field">
        <label htmlFor={fid('pesoRilevato')}>Peso alla pesa</label>
        <NumberInput id={fid('pesoRilevato')} value={draft.pesoRilevato} onChange={(v) => set('pesoRilevato', v)} onBlur={commit} decimals={2} unit="t" placeholder={b.pesoPesa !== null ? `blocco: ${formatWeight(b.pesoPesa)}` : 'facoltativo'} testId="riga-peso" />
      </div>
      <div className="riga-field riga-field-wide">
        <span className="riga-label" id={fid('scelta')}>
          Scelta assegnata
        </span>
        <div className="riga-toggle" role="group" aria-labelledby={fid('scelta')}>
          {SCELTE.map((s) => (
            <button key={s} type="button" className={`riga-toggle-btn${draft.sceltaAssegnata === s ? ' riga-toggle-on' : ''}`} aria-pressed={draft.sceltaAssegnata === s} onClick={() => set('sceltaAssegnata', draft.sceltaAssegnata === s ? null : s, true)}>
              {SCELTA_LABELS[s]}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
